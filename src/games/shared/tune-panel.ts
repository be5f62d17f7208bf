import { applyTuning, tuningDefaults, type TuningSchema, type TuningValues } from './tuning';

/**
 * The `?tune` panel: Tweakpane bound live to a game's tuning values (the scene reads them at
 * animation time; `onChange` lets the host redraw at once), with "copy JSON" for the values a
 * designer wants to keep and a reset to the defaults. Tweakpane is loaded only when asked for.
 */

/** Eases offered for an ease knob, besides its current value. */
const EASES = [
  'none',
  'power1.out',
  'power2.out',
  'power3.out',
  'power4.out',
  'power2.inOut',
  'power3.inOut',
  'expo.out',
  'circ.out',
  'sine.out',
  'sine.inOut',
  'back.out(1.7)',
  'back.out(3)',
  'elastic.out(1, 0.5)',
  'bounce.out',
];

/** Opens the panel; the returned function closes it. */
export async function openTunePanel<S extends TuningSchema>(
  title: string,
  schema: S,
  values: TuningValues<S>,
  onChange: () => void,
): Promise<() => void> {
  const { Pane } = await import('tweakpane');
  const container = document.createElement('div');
  container.className = 'tune-panel';
  container.dataset.testid = 'tune-panel';
  document.body.appendChild(container);
  const pane = new Pane({ title, container, expanded: true });
  const target = values as Record<string, unknown>;
  for (const [name, knob] of Object.entries(schema)) {
    const label = name;
    if (knob.kind === 'number') {
      pane.addBinding(target, name, { label, min: knob.min, max: knob.max, step: knob.step ?? 1 });
    } else if (knob.kind === 'color') {
      pane.addBinding(target, name, { label, view: 'color' });
    } else {
      const options = Object.fromEntries(
        [...new Set([knob.default, String(target[name]), ...EASES])].map((e) => [e, e]),
      );
      pane.addBinding(target, name, { label, options });
    }
  }
  pane.on('change', () => onChange());
  pane.addButton({ title: 'Copy JSON' }).on('click', () => {
    const json = JSON.stringify(values, null, 2);
    void navigator.clipboard?.writeText(json).catch(() => window.prompt('JSON', json));
  });
  pane.addButton({ title: 'Reset to defaults' }).on('click', () => {
    applyTuning(schema, values, tuningDefaults(schema));
    pane.refresh();
    onChange();
  });
  return () => {
    pane.dispose();
    container.remove();
  };
}
