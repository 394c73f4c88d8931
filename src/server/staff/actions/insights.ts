/** The console's Insights (D35, docs/insights.md): the month's figures, the same as CSV, and the monthly e-mail now. */
import type { InsightsStore } from '../../../data/insights-store';
import { runMonthlyInsights } from '../../insights/monthly';
import { insightsCsv, siteInsights } from '../insights';
import { type ActionOptions, defineActions } from './context';

function insightsStore(options: ActionOptions): Promise<InsightsStore> {
  if (!options.insights) throw new Error('Insights need their store (ActionOptions.insights)');
  return options.insights();
}

export const insightsActions = defineActions({
  insights: {
    readOnly: true,
    handler: async (request, { options }) => {
      const insights = await siteInsights(await insightsStore(options), request.month, new Date());
      return { message: `Insights of ${insights.month}`, insights };
    },
  },
  'insights-csv': {
    readOnly: true,
    handler: async (request, { options }) => {
      const insights = await siteInsights(await insightsStore(options), request.month, new Date());
      return {
        message: `Insights of ${insights.month} as CSV`,
        csv: insightsCsv(insights, options.siteUrl ?? ''),
      };
    },
  },
  'insights-monthly': {
    readOnly: false,
    handler: async (request, { options }) => {
      const now = request.now ? new Date(request.now) : new Date();
      const queued = await runMonthlyInsights(await insightsStore(options), {
        now,
        siteUrl: options.siteUrl ?? '',
      });
      return { message: `${queued} monthly figures e-mail(s) queued` };
    },
  },
});
