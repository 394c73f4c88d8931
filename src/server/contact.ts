import { contactSchema } from '../domain/schemas/contact';
import { contactEmails } from './email/compose';
import { type DepsSource, formHandler, storeCall } from './form-handler';
import { json } from './http';
import { notifyNow, type WriteDeps } from './submissions';

/** POST /api/contact: validates, stores the message with the staff notification (D19), then sends it. */
export function createContactHandler(source: DepsSource<WriteDeps>) {
  return formHandler({
    schema: contactSchema,
    deps: source,
    decoy: () => json(201, { id: crypto.randomUUID(), notified: true }),
    async accept(message, deps) {
      const log = deps.log ?? console.error;
      const emails = contactEmails(message, deps.email);
      const store = await storeCall(deps.store, log);
      const id = await storeCall(() => store.saveContactMessage(message, emails), log);
      const notified = await notifyNow(deps, store, id, emails.length);
      return json(201, { id, notified });
    },
  });
}
