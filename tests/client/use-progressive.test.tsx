import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useProgressive } from '../../src/lib/use-progressive';

/** A long list paints its first rows, then the rest in a transition (issue 18's blocking time). */
function List({ items, first }: { items: number[]; first: number }) {
  const shown = useProgressive(items, first);
  return (
    <ul>
      {shown.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

afterEach(cleanup);

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('useProgressive', () => {
  it('shows the first rows in the first render and every row after it, and stays whole', async () => {
    let rowsAtFirstRender = -1;
    function Probe({ items }: { items: number[] }) {
      const shown = useProgressive(items, 6);
      if (rowsAtFirstRender < 0) rowsAtFirstRender = shown.length;
      return <List items={[...shown]} first={1000} />;
    }
    const { rerender } = render(<Probe items={range(30)} />);
    expect(rowsAtFirstRender).toBe(6);
    await act(async () => {});
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    rerender(<Probe items={range(40)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
  });

  it('shows a short list whole at once', () => {
    render(<List items={range(4)} first={6} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });
});
