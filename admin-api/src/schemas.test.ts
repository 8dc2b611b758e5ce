import { describe, expect, it } from 'vitest';
import { text, textProblem } from './schemas.ts';

describe('textProblem: the one character rule for request text', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['backspace', '\u0008'],
    ['vertical tab', '\u000b'],
    ['form feed', '\u000c'],
    ['escape', '\u001b'],
    ['unit separator', '\u001f'],
    ['DEL', '\u007f'],
    ['C1 padding', '\u0080'],
    ['next line (C1)', '\u0085'],
    ['C1 APC', '\u009f'],
  ])('refuses %s anywhere, in single-line and multi-line fields alike', (_name, ch) => {
    const point = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    for (const multiline of [false, true]) {
      expect(textProblem(`Kyo${ch}to`, 'The city name', multiline)).toBe(
        `The city name contains an invisible control character (${point}); remove it and try again.`,
      );
    }
  });

  it('allows tabs and line breaks only in multi-line fields', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(textProblem(value, 'The notes', true)).toBeUndefined();
      expect(textProblem(value, 'The subject')).toBe('The subject must be a single line, without tabs or line breaks.');
    }
  });

  it('accepts ordinary text, including characters next to the refused ranges', () => {
    for (const value of [
      'Café Ñoño',
      '東京',
      'space\u0020',
      '~tilde',
      '\u00a0no-break space',
      '\u00a9 2025',
      'emoji 🍣',
      '\u200b zero width',
    ]) {
      expect(textProblem(value, 'The name')).toBeUndefined();
    }
  });

  it('is what text() schemas enforce, before any other check', () => {
    const schema = text('The subject').trim().min(1, 'Required.').max(3, 'Too long.');
    const result = schema.safeParse('Hello\u0000');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('The subject contains an invisible control character (U+0000); remove it and try again.');
    expect(text('The subject').safeParse(42).error!.issues[0]!.message).toBe('The subject must be text.');
    expect(text('The subject', { error: 'All fields are required.' }).safeParse(undefined).error!.issues[0]!.message).toBe(
      'All fields are required.',
    );
  });
});
