import { contactSchema } from '../domain/schemas/contact';
import { contactEmails } from './email/compose';
import { type DepsSource, formHandler } from './form-handler';
import { decoyAnswer, storeAndNotify, type WriteDeps } from './submissions';

/** POST /api/contact: validates, stores the message with the staff notification (D19), then sends it. */
export function createContactHandler(source: DepsSource<WriteDeps>) {
  return formHandler({
    schema: contactSchema,
    deps: source,
    decoy: decoyAnswer,
    accept(message, deps) {
      const emails = contactEmails(message, deps.email);
      return storeAndNotify(deps, emails, (store) => store.saveContactMessage(message, emails));
    },
  });
}
