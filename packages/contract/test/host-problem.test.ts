import { describe, expect, it } from 'vitest';
import { hostProblem, hostSchema } from '../src/project.js';

describe('hostProblem', () => {
  it.each([
    ['www.example.com', null],
    ['*.example.com', null],
    ['localhost:3000', null],
    ['https://www.example.com', 'hostScheme'],
    ['www.example.com/shop', 'hostPath'],
    ['example..com', 'hostEmptyLabel'],
    ['.example.com', 'hostEmptyLabel'],
    ['example.com.', 'hostEmptyLabel'],
    ['müller.de', 'hostCharacters'],
    ['shop_1.example.com', 'hostCharacters'],
    ['-shop.example.com', 'hostLabel'],
    ['example.com:80a', 'hostPort'],
  ])('%s → %s', (host, problem) => {
    expect(hostProblem(host)).toBe(problem);
  });

  it('is the message of the schema, so the server can name it', () => {
    const result = hostSchema.safeParse('example..com');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('hostEmptyLabel');
  });
});
