import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../lib/testing/render-screen';
import { SubprocessorsScreen } from './subprocessors-screen';

describe('/legal/subprocessors (spec 001, 2.5)', () => {
  it('lists each kind of subprocessor, all in the United States', () => {
    const { container } = renderScreen(<SubprocessorsScreen />, '/legal/subprocessors');
    const rows = Array.from(container.querySelectorAll('tbody tr')).map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows.map((row) => row[0])).toEqual(['Cloud hosting', 'Serverless PostgreSQL host', 'Transactional e-mail', 'Payment processing', 'Cloud object storage']);
    expect(new Set(rows.map((row) => row[3]))).toEqual(new Set(['United States']));
  });
});
