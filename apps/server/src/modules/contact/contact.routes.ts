import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactFormSchema, contactResponseSchema } from '@portal/contract/contact';
import type { Language } from '../../lib/language.js';
import { submitContactRequest } from './contact.service.js';

const replies: Record<'ok' | 'invalid' | 'unknownPackage', Record<Language, string>> = {
  ok: {
    de: 'Danke! Wir haben deine Anfrage erhalten und melden uns bald.',
    en: 'Thank you! We have received your request and will get back to you soon.',
  },
  invalid: {
    de: 'Bitte fülle Vorname, Nachname und eine gültige E-Mail-Adresse aus und akzeptiere die Bedingungen.',
    en: 'Please fill in first name, last name and a valid email address and accept the terms.',
  },
  unknownPackage: {
    de: 'Dieses Paket gibt es nicht mehr. Bitte lade die Preisseite neu und wähle noch einmal.',
    en: 'This package no longer exists. Please reload the price page and choose again.',
  },
};

export const contactRoutes: FastifyPluginAsyncZod<{ contactTo: string | undefined }> = async (app, { contactTo }) => {
  app.post(
    '/rest/collection/contactform/send',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
      // The answer to a bad form is the form's own shape ({ success: 0, msg }), not the
      // general error shape, because the web app shows msg.
      attachValidation: true,
      schema: {
        tags: ['contact'],
        summary: 'Send a contact request (stored; mailed to CONTACT_TO through the mail outbox when set)',
        body: contactFormSchema,
        response: { 200: contactResponseSchema, 400: contactResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send({ success: 0 as const, msg: replies.invalid[request.language] });
      }
      const outcome = await submitContactRequest(app.db, contactTo, request.body, request.language, app.clock.now());
      if (outcome === 'unknownPackage') {
        return reply.code(400).send({ success: 0 as const, msg: replies.unknownPackage[request.language] });
      }
      return { success: 1 as const, msg: replies.ok[request.language] };
    },
  );
};
