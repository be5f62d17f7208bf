import { useTranslation } from 'react-i18next';
import type { DailyReportRow } from './admin-api';
import { brl } from './admin-panels';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 72 };

/**
 * GGR per day as bars, casino and sportsbook side by side, losses below the zero line: a week's
 * shape reads at a glance where the table needs reading. Plain SVG, no chart library.
 */
export function GgrChart({ rows }: { rows: DailyReportRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const values = rows.flatMap((r) => [r.casinoGgr, r.sportsGgr]);
  const max = Math.max(1, ...values);
  const min = Math.min(0, ...values);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * plotH;
  const slot = plotW / rows.length;
  const bar = Math.max(2, Math.min(28, slot / 2.6));
  const zero = y(0);
  const ticks = [max, (max + min) / 2, min];
  return (
    <figure className="admin-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('admin.reports.chartLabel')}
        data-testid="admin-ggr-chart"
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className="admin-chart__grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="admin-chart__tick">
              {brl(Math.round(v * 100) / 100)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} className="admin-chart__zero" />
        {rows.map((r, i) => {
          const x = PAD.left + i * slot + slot / 2;
          const bars = [
            { v: r.casinoGgr, cls: 'admin-chart__casino', dx: -bar },
            { v: r.sportsGgr, cls: 'admin-chart__sports', dx: 0 },
          ];
          return (
            <g key={r.day}>
              {bars.map((b) => (
                <rect
                  key={b.cls}
                  x={x + b.dx}
                  width={bar}
                  y={Math.min(y(b.v), zero)}
                  height={Math.max(1, Math.abs(y(b.v) - zero))}
                  className={b.cls}
                >
                  <title>{`${r.day}: ${brl(b.v)}`}</title>
                </rect>
              ))}
              {(rows.length <= 14 || i % Math.ceil(rows.length / 14) === 0) && (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" className="admin-chart__tick">
                  {r.day.slice(8, 10)}/{r.day.slice(5, 7)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="admin-chart__key admin-chart__key--casino" /> {t('admin.reports.casinoGgr')}{' '}
        <span className="admin-chart__key admin-chart__key--sports" /> {t('admin.reports.sportsGgr')}
      </figcaption>
    </figure>
  );
}
