/**
 * Tuning knobs for game designers (issue 5): every timing, easing, colour and size of a scene is a
 * knob with a default, a range and a one-line description, declared in the game's `tuning.ts`.
 * `?tune` binds them live to a panel; scenes read the values object at animation time.
 */

/** A numeric knob: durations in ms, sizes in px, ratios. */
export interface NumberKnob {
  kind: 'number';
  default: number;
  min: number;
  max: number;
  step?: number;
  /** One line for the designer. */
  description: string;
}

/** A colour knob as a CSS hex string (`#rrggbb`). */
export interface ColorKnob {
  kind: 'color';
  default: string;
  description: string;
}

/** A gsap easing name (`power2.out`, `back.out(1.7)`, …). */
export interface EaseKnob {
  kind: 'ease';
  default: string;
  description: string;
}

export type Knob = NumberKnob | ColorKnob | EaseKnob;

/** A game's knobs by name. */
export type TuningSchema = Record<string, Knob>;

/** The live values of a schema. */
export type TuningValues<S extends TuningSchema> = {
  -readonly [K in keyof S]: S[K] extends NumberKnob ? number : string;
};

/** Declares a schema with its literal types kept. */
export function defineTuning<const S extends TuningSchema>(schema: S): S {
  return schema;
}

/** The default values of a schema. */
export function tuningDefaults<S extends TuningSchema>(schema: S): TuningValues<S> {
  const values: Record<string, number | string> = {};
  for (const [name, knob] of Object.entries(schema)) values[name] = knob.default;
  return values as TuningValues<S>;
}

/** Clamps and type-checks overrides (e.g. pasted JSON) against the schema; unknown keys are dropped. */
export function applyTuning<S extends TuningSchema>(
  schema: S,
  values: TuningValues<S>,
  overrides: Record<string, unknown>,
): TuningValues<S> {
  const target = values as Record<string, number | string>;
  for (const [name, knob] of Object.entries(schema)) {
    const value = overrides[name];
    if (knob.kind === 'number' && typeof value === 'number' && Number.isFinite(value)) {
      target[name] = Math.min(knob.max, Math.max(knob.min, value));
    } else if (knob.kind === 'color' && typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)) {
      target[name] = value;
    } else if (knob.kind === 'ease' && typeof value === 'string' && value.length > 0) {
      target[name] = value;
    }
  }
  return values;
}
