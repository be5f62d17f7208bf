import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../src/lib/i18n';
import { ScrollTable } from '../../src/shell/components/scroll-table';

/**
 * Tables wider than a phone (VIP levels, agent rewards, referrals) scroll sideways and say so: they
 * ended mid-column at the screen's edge with nothing to tell a player more columns were there.
 * happy-dom has no layout, so the box's widths and scroll offset are set here.
 */

const box = { scrollWidth: 600, clientWidth: 300, scrollLeft: 0 };
const props = ['scrollWidth', 'clientWidth', 'scrollLeft'] as const;

beforeEach(() => {
  Object.assign(box, { scrollWidth: 600, clientWidth: 300, scrollLeft: 0 });
  for (const prop of props) {
    Object.defineProperty(HTMLElement.prototype, prop, {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('table-scroll') ? box[prop] : 0;
      },
    });
  }
});

afterEach(() => {
  cleanup();
  for (const prop of props) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});

function renderTable() {
  render(
    <>
      <h2 id="levels">Níveis e benefícios</h2>
      <ScrollTable labelledBy="levels">
        <table>
          <tbody>
            <tr>
              <td>VIP 0</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>
    </>,
  );
  return screen.getByRole('region', { name: 'Níveis e benefícios' });
}

describe('a table wider than the screen', () => {
  it('says columns are hidden and shades their side until the player scrolls to the end', async () => {
    const region = renderTable();
    // Read once the box is laid out (the observer's first report), not during the commit.
    expect((await screen.findByTestId('table-scroll-hint')).textContent).toBe(
      'Deslize para ver todas as colunas →',
    );
    expect(region.parentElement?.hasAttribute('data-hidden-right')).toBe(true);
    expect(region.tabIndex).toBe(0);

    box.scrollLeft = 300;
    act(() => void fireEvent.scroll(region));
    expect(region.parentElement?.hasAttribute('data-hidden-right')).toBe(false);
    expect(screen.getByTestId('table-scroll-hint').textContent).toBe('Deslize para ver todas as colunas ←');
  });

  it('says nothing when the table fits', async () => {
    box.scrollWidth = 300;
    const region = renderTable();
    // Past the observer's first report.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByTestId('table-scroll-hint')).toBeNull();
    expect(region.parentElement?.hasAttribute('data-hidden-right')).toBe(false);
  });
});
