import { useCallback, useEffect, useRef } from 'react';
import type { SceneCue, SceneHandle } from './scene';

/** What the bridge needs of a game's running machine. */
interface CueSource {
  on(type: '*', handler: (emitted: { type: string }) => void): { unsubscribe(): void };
  send(event: { type: 'scene.cueDone'; cue: string }): void;
}

/**
 * Connects a game machine to its scene: every emitted `cue.*` is played by the scene and answered
 * with `scene.cueDone { cue }` when the animation ends (or at once when no scene is mounted, so a
 * round never waits on a table that is not there). The scene is kept in a ref: React state never
 * changes at frame rate.
 */
export function useSceneBridge<C extends SceneCue>(actor: CueSource, turbo: () => boolean) {
  const scene = useRef<SceneHandle<C> | null>(null);
  const size = useRef<() => { width: number; height: number }>(() => ({ width: 0, height: 0 }));
  const turboRef = useRef(turbo);
  useEffect(() => {
    turboRef.current = turbo;
  });

  useEffect(() => {
    const subscription = actor.on('*', (emitted) => {
      if (!emitted.type.startsWith('cue.')) return;
      const done = () => actor.send({ type: 'scene.cueDone', cue: emitted.type });
      const current = scene.current;
      if (!current) return done();
      current.play(emitted as C, { turbo: turboRef.current() }).then(done, done);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const onScene = useCallback(
    (next: SceneHandle<C> | null, nextSize: () => { width: number; height: number }) => {
      scene.current = next;
      size.current = nextSize;
    },
    [],
  );

  /** Lays the scene out again (after a tuning change). */
  const redraw = useCallback(() => {
    const { width, height } = size.current();
    scene.current?.resize(width, height);
  }, []);

  return { scene, onScene, redraw };
}
