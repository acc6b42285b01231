import { describe, expect, it } from 'vitest';
import { MESSAGE_KEY, MSG, checkButtons, htmlToWa, normalizeNumber, phoneNumberSaveSchema } from '../src';

describe('htmlToWa (caption conversion)', () => {
  it('turns bold, italic and strike into chat markers', () => {
    expect(htmlToWa('<p>Halo <strong>Budi</strong>, <em>promo</em> <s>lama</s></p>')).toBe(
      'Halo *Budi*, _promo_ ~lama~',
    );
    expect(htmlToWa('<b> spasi </b>x')).toBe('*spasi* x');
  });
  it('turns a link into its text, a newline, then its URL', () => {
    expect(htmlToWa('<p>Lihat <a href="https://contoh.id/a?b=1&amp;c=2">katalog</a></p>')).toBe(
      'Lihat katalog\nhttps://contoh.id/a?b=1&c=2',
    );
    expect(htmlToWa('<a href="https://contoh.id">https://contoh.id</a>')).toBe('https://contoh.id');
  });
  it('keeps paragraphs and line breaks as newlines and decodes entities', () => {
    expect(htmlToWa('<p>Satu</p><p>Dua<br>Tiga &amp; &lt;empat&gt;</p>')).toBe('Satu\nDua\nTiga & <empat>');
    expect(htmlToWa('<p>{name}</p><p></p><p></p><p>{phoneNumber}</p>')).toBe('{name}\n\n{phoneNumber}');
  });
});

describe('numbers and buttons', () => {
  it('normalizes numbers: digits only, leading 0 becomes 62', () => {
    expect(normalizeNumber('0812-3456-7890')).toBe('6281234567890');
    expect(normalizeNumber('+62 812 3456 789')).toBe('628123456789');
    // The trunk 0 after the country code and the 00 international prefix name the same number.
    for (const written of [
      '+62 0899 1234 0001',
      '62 (0)899-1234-0001',
      '0062 899 1234 0001',
      '0899-1234-0001',
    ])
      expect(normalizeNumber(written), written).toBe('6289912340001');
    expect(phoneNumberSaveSchema.safeParse({ number: '12', name: 'A' }).error?.issues[0]?.message).toBe(
      MESSAGE_KEY.phoneNumberInvalid,
    );
  });
  it('checks URL buttons the way the spec words it and drops empty rows', () => {
    const reply = { title: '', url: '', type: 'reply_button' as const };
    expect(checkButtons([reply, reply, reply])).toEqual({ buttons: [] });
    expect(checkButtons([{ title: 'Beli', url: '', type: 'url_button' }])).toEqual({
      error: MSG.buttonMissingUrl('Beli'),
    });
    expect(checkButtons([{ title: '', url: 'https://x.id', type: 'url_button' }])).toEqual({
      error: MSG.buttonMissingTitle('https://x.id'),
    });
    expect(checkButtons([{ title: 'Beli', url: 'https://x.id', type: 'url_button' }])).toEqual({
      buttons: [{ title: 'Beli', url: 'https://x.id', type: 'url_button' }],
    });
  });
});
