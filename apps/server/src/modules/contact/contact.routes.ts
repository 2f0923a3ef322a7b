import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFormSchema, contactResponseSchema } from '@portal/contract/contact';
import { newId } from '../../lib/ids.js';
import type { Language } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import type { ContactMailer } from './contact-mailer.js';

const replies: Record<'ok' | 'invalid', Record<Language, string>> = {
  ok: {
    de: 'Danke! Wir haben deine Anfrage erhalten und melden uns bald.',
    en: 'Thank you! We have received your request and will get back to you soon.',
  },
  invalid: {
    de: 'Bitte fülle Vorname, Nachname und eine gültige E-Mail-Adresse aus und akzeptiere die Bedingungen.',
    en: 'Please fill in first name, last name and a valid e-mail address and accept the terms.',
  },
};

export const contactRoutes: FastifyPluginAsyncZod<{ mailer: ContactMailer | undefined }> = async (app, { mailer }) => {
  app.post(
    '/rest/collection/contactform/send',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      // The answer to a bad form is the form's own shape ({ success: 0, msg }), not the
      // general error shape, because the web app shows msg.
      attachValidation: true,
      schema: {
        tags: ['contact'],
        summary: 'Send a contact request (stored; mailed when SMTP is configured)',
        body: contactFormSchema,
        response: { 200: contactResponseSchema, 400: contactResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({ success: 0 as const, msg: replies.invalid[request.language] });
      }
      const form = request.body;
      const id = newId();
      await app.db
        .insertInto('contactRequest')
        .values({
          id,
          firstname: form.firstname,
          subname: form.subname,
          email: form.email,
          message: form.message ?? '',
          termsAccepted: 1,
          language: request.language,
          createdAt: nowIso(),
        })
        .execute();
      if (mailer) {
        // Stored first, so a mail server outage loses nothing; mailing happens after the answer.
        mailer
          .send({ ...form, language: request.language })
          .then(() => app.db.updateTable('contactRequest').set({ mailedAt: nowIso() }).where('id', '=', id).execute())
          .catch((error: unknown) => request.log.error({ err: error }, 'contact mail failed'));
      }
      return { success: 1 as const, msg: replies.ok[request.language] };
    },
  );
};
