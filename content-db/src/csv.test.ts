import { describe, expect, it } from 'vitest';
import { itineraryCsv } from './itinerary-csv.ts';

const row = { day: 1, meal: 'lunch', name: 'Noodle Bar', neighborhood: 'Gion', cuisine: 'Ramen', notes: null, address: null, url: null };

describe('itineraryCsv', () => {
  it('writes a header and one line per restaurant with a BOM and CRLF', () => {
    expect(itineraryCsv([row])).toBe('\uFEFFDay,Meal,Restaurant,Neighborhood,Cuisine,Notes,Address,Website\r\n1,lunch,Noodle Bar,Gion,Ramen,,,\r\n');
  });

  it('quotes commas, quotes and newlines', () => {
    const csv = itineraryCsv([{ ...row, notes: 'Order the "special", then\nleave room', address: '1 Main St, Kyoto' }]);
    expect(csv).toContain('"Order the ""special"", then\nleave room","1 Main St, Kyoto"');
  });

  it('neutralises cells a spreadsheet would treat as formulas', () => {
    const csv = itineraryCsv([{ ...row, name: '=HYPERLINK("http://evil")', notes: '+1', cuisine: '@SUM(A1)', neighborhood: '-2' }]);
    expect(csv).toContain(`'-2`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`'+1`);
    expect(csv).toContain(`'@SUM(A1)`);
  });
});
