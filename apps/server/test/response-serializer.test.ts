import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { serviceSchema } from '@portal/contract/service';
import { compileSerializer } from '../src/plugins/response-serializer.js';

// Answers are written by serializers compiled from the contract's zod schemas: they must write
// what zod would let through, and nothing else.

const service = {
  key: 'svc',
  id: 'svc',
  category: 'captcha',
  name: { de: 'Prüfung "A"', en: 'Check\nA' },
  descriptionShort: { de: 'kurz', en: 'short' },
  accounting: 'request',
  logo: null,
  thumbnail: '/rest/media/abc',
  pricePer1000Calls: 12.34,
  monthlyFee: 0,
  singlePayment: 99,
  description: { de: '<p>x</p>', en: '<p>y</p>' },
  demoHref: null,
  data_copyright: 'Provider',
  data_lastupdate: '2026-01-31',
  gallery: [
    { key: 'g', preview: '/p', name: { de: 'Bild', en: 'Image' }, sizes: { xs: 'a', sm: 'b', md: 'c', lg: 'd', xlg: 'e' }, width: 10, height: 20 },
  ],
  hasForm: false,
  hasApiReference: false,
};

describe('compiled response serializers', () => {
  it('write the same JSON as zod lets through', () => {
    const write = compileSerializer(serviceSchema);
    expect(JSON.parse(write(service))).toEqual(serviceSchema.parse(service));
  });

  it('leave out every property the contract does not name, also nested ones', () => {
    const write = compileSerializer(serviceSchema);
    const leaky = { ...service, passwordHash: 'secret', name: { ...service.name, internal: 'x' } };
    const written = write(leaky);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
  });

  it('refuse an answer that lacks a required property', () => {
    const write = compileSerializer(z.object({ id: z.string(), count: z.number().int() }));
    expect(() => write({ id: 'x' })).toThrow();
  });
});
