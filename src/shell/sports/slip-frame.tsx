import type { ReactNode } from 'react';

/**
 * The frame the bet slip and Criar Aposta share: a column beside the markets on wide screens, a
 * bar at the bottom of the screen that opens into a sheet on phones. The bar shows how many
 * selections there are and what the panel says at a glance (`bar`); a tap opens or closes it.
 */
export function SlipFrame(props: {
  className: string;
  label: string;
  testId: string;
  /** `data-*` attributes the page's tests and styles read (the slip's state, the quote's status). */
  data: Record<`data-${string}`, string>;
  open: boolean;
  onToggle: () => void;
  count: number;
  /** Prefix of the bar's test ids: `${name}-toggle`, `${name}-count`. */
  name: string;
  bar: ReactNode;
  children: ReactNode;
}) {
  const { open, name } = props;
  return (
    <aside
      className={`${props.className}${open ? ' slip--open' : ''}`}
      aria-label={props.label}
      data-testid={props.testId}
      {...props.data}
    >
      <button
        type="button"
        className="slip__bar"
        onClick={props.onToggle}
        aria-expanded={open}
        data-testid={`${name}-toggle`}
      >
        <span className="slip__count" data-testid={`${name}-count`}>
          {props.count}
        </span>
        {props.bar}
        <span className="slip__chevron" aria-hidden="true">
          {open ? '▾' : '▴'}
        </span>
      </button>
      <div className="slip__body">{props.children}</div>
    </aside>
  );
}

/** The panel's last two buttons: place the bet (its label says the amount or what is under way) and clear. */
export function SlipActions(props: {
  name: string;
  busy: boolean;
  placeLabel: string;
  onPlace: () => void;
  clearLabel: string;
  onClear: () => void;
  /**
   * True while a limit stops the bet: the button looks unavailable, but a tap still answers (the
   * slip announces the limit), where a disabled button would say nothing.
   */
  blocked?: boolean;
}) {
  return (
    <>
      <button
        type="button"
        className={`button button--gold button--block${props.blocked ? ' button--blocked' : ''}`}
        onClick={props.onPlace}
        disabled={props.busy}
        aria-disabled={props.blocked || undefined}
        aria-busy={props.busy}
        data-testid={`${props.name}-place`}
      >
        {props.placeLabel}
      </button>
      <button
        type="button"
        className="button button--ghost button--small slip__clear"
        onClick={props.onClear}
        disabled={props.busy}
        data-testid={`${props.name}-clear`}
      >
        {props.clearLabel}
      </button>
    </>
  );
}
