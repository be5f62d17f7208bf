import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { passwordResetMachine, type ResetNotice } from '../../src/machines/password-reset.machine';

/** The machine with fake requests and spies for what it asks the view to do. */
function start(fakes: { sendCode?: boolean; checkCode?: string | Error; setPassword?: boolean } = {}) {
  const calls = {
    sendCode: vi.fn<(input: { email: string }) => void>(),
    checkCode: vi.fn<(input: { email: string; code: string }) => void>(),
    setPassword: vi.fn<(input: { password: string; chkId: string }) => void>(),
    notify: vi.fn<(message: ResetNotice) => void>(),
    goToLogin: vi.fn(),
  };
  const machine = passwordResetMachine.provide({
    actors: {
      sendCode: fromPromise<string, { email: string }>(async ({ input }) => {
        calls.sendCode(input);
        if (fakes.sendCode === false) throw new Error('mail refused');
        return 'Enviado com sucesso';
      }),
      checkCode: fromPromise<string, { email: string; code: string }>(async ({ input }) => {
        calls.checkCode(input);
        const result = fakes.checkCode ?? 'chk-1';
        if (result instanceof Error) throw result;
        return result;
      }),
      setPassword: fromPromise<string, { password: string; chkId: string }>(async ({ input }) => {
        calls.setPassword(input);
        if (fakes.setPassword === false) throw new Error('refused');
        return 'Senha alterada com sucesso';
      }),
    },
    actions: {
      notify: (_, params) => calls.notify(params.message),
      goToLogin: () => calls.goToLogin(),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

type Started = ReturnType<typeof start>;

async function reachPasswordStep({ actor }: Started) {
  actor.send({ type: 'player.changeEmail', email: 'ana@example.com' });
  actor.send({ type: 'player.changeCode', code: '123456' });
  actor.send({ type: 'player.submitCode' });
  await waitFor(actor, (s) => s.matches('passwordStep'));
}

describe('password reset, step 1: send the code', () => {
  it('sends the code to the trimmed e-mail and remembers where it went', async () => {
    const run = start();
    run.actor.send({ type: 'player.changeEmail', email: '  ana@example.com ' });
    run.actor.send({ type: 'player.sendCode' });

    expect(run.actor.getSnapshot().matches({ emailStep: 'sendingCode' })).toBe(true);
    const snapshot = await waitFor(run.actor, (s) => s.matches({ emailStep: 'idle' }));

    expect(run.calls.sendCode).toHaveBeenCalledWith({ email: 'ana@example.com' });
    expect(snapshot.context.codeSentTo).toBe('ana@example.com');
    expect(run.calls.notify).toHaveBeenCalledWith('codeSent');
  });

  it('stays on the step when sending fails', async () => {
    const run = start({ sendCode: false });
    run.actor.send({ type: 'player.changeEmail', email: 'ana@example.com' });
    run.actor.send({ type: 'player.sendCode' });

    const snapshot = await waitFor(run.actor, (s) => s.matches({ emailStep: 'idle' }));

    expect(run.calls.sendCode).toHaveBeenCalledTimes(1);
    expect(snapshot.context.codeSentTo).toBeNull();
    expect(run.calls.notify).not.toHaveBeenCalledWith('codeSent');
  });

  it('asks for the e-mail instead of sending without one', () => {
    const run = start();
    run.actor.send({ type: 'player.changeEmail', email: '   ' });
    run.actor.send({ type: 'player.sendCode' });

    expect(run.calls.sendCode).not.toHaveBeenCalled();
    expect(run.calls.notify).toHaveBeenCalledWith('enterEmail');
    expect(run.actor.getSnapshot().matches({ emailStep: 'idle' })).toBe(true);
  });

  it('ignores a second send while the first is on its way', () => {
    const run = start();
    run.actor.send({ type: 'player.changeEmail', email: 'ana@example.com' });
    run.actor.send({ type: 'player.sendCode' });
    run.actor.send({ type: 'player.sendCode' });

    expect(run.calls.sendCode).toHaveBeenCalledTimes(1);
  });
});

describe('password reset, step 2: check the code', () => {
  it('moves to the new password with the check id', async () => {
    const run = start({ checkCode: 'chk-42' });
    await reachPasswordStep(run);

    expect(run.calls.checkCode).toHaveBeenCalledWith({ email: 'ana@example.com', code: '123456' });
    expect(run.actor.getSnapshot().context.chkId).toBe('chk-42');
  });

  it('stays on the code step and clears the code when it is wrong', async () => {
    const run = start({ checkCode: new Error('Código incorreto') });
    run.actor.send({ type: 'player.changeEmail', email: 'ana@example.com' });
    run.actor.send({ type: 'player.changeCode', code: '654321' });
    run.actor.send({ type: 'player.submitCode' });

    const snapshot = await waitFor(run.actor, (s) => s.matches({ emailStep: 'idle' }));

    expect(run.calls.checkCode).toHaveBeenCalledTimes(1);
    expect(snapshot.context.code).toBe('');
    expect(snapshot.context.chkId).toBe('');
  });

  it.each([
    ['no code', 'ana@example.com', ''],
    ['a partial code', 'ana@example.com', '12345'],
    ['no e-mail', '', '123456'],
  ])("says 'preencha completamente' with %s", (_, email, code) => {
    const run = start();
    run.actor.send({ type: 'player.changeEmail', email });
    run.actor.send({ type: 'player.changeCode', code });
    run.actor.send({ type: 'player.submitCode' });

    expect(run.calls.checkCode).not.toHaveBeenCalled();
    expect(run.calls.notify).toHaveBeenCalledWith('incomplete');
    expect(run.actor.getSnapshot().matches({ emailStep: 'idle' })).toBe(true);
  });
});

describe('password reset, step 3: the new password', () => {
  it('sets the password with the check id, says so and returns to login', async () => {
    const run = start({ checkCode: 'chk-7' });
    await reachPasswordStep(run);
    run.actor.send({ type: 'player.changePassword', password: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.changeConfirm', confirm: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.submitPassword' });

    const snapshot = await waitFor(run.actor, (s) => s.status === 'done');

    expect(snapshot.value).toBe('done');
    expect(run.calls.setPassword).toHaveBeenCalledWith({ password: 'Trevo#Forte2026', chkId: 'chk-7' });
    expect(run.calls.notify).toHaveBeenLastCalledWith('done');
    expect(run.calls.goToLogin).toHaveBeenCalledTimes(1);
  });

  it('refuses passwords that do not match', async () => {
    const run = start();
    await reachPasswordStep(run);
    run.actor.send({ type: 'player.changePassword', password: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.changeConfirm', confirm: 'Trevo#Forte2027' });
    run.actor.send({ type: 'player.submitPassword' });

    expect(run.calls.notify).toHaveBeenLastCalledWith('passwordMismatch');
    expect(run.calls.setPassword).not.toHaveBeenCalled();
    expect(run.actor.getSnapshot().matches({ passwordStep: 'idle' })).toBe(true);
  });

  it.each([
    ['an empty password', '', '', 'incomplete'],
    ['no confirmation', 'Trevo#Forte2026', '', 'confirmNewPassword'],
    ['a short password', 'curta1!', 'curta1!', 'passwordLength'],
    ['a common password', 'password123', 'password123', 'passwordCommon'],
  ] as const)('refuses %s', async (_, password, confirm, notice) => {
    const run = start();
    await reachPasswordStep(run);
    run.actor.send({ type: 'player.changePassword', password });
    run.actor.send({ type: 'player.changeConfirm', confirm });
    run.actor.send({ type: 'player.submitPassword' });

    expect(run.calls.notify).toHaveBeenLastCalledWith(notice);
    expect(run.calls.setPassword).not.toHaveBeenCalled();
  });

  it('stays on the step when the server refuses the password', async () => {
    const run = start({ setPassword: false });
    await reachPasswordStep(run);
    run.actor.send({ type: 'player.changePassword', password: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.changeConfirm', confirm: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.submitPassword' });

    const snapshot = await waitFor(run.actor, (s) => s.matches({ passwordStep: 'idle' }));

    expect(run.calls.setPassword).toHaveBeenCalledTimes(1);
    expect(snapshot.status).toBe('active');
    expect(run.calls.goToLogin).not.toHaveBeenCalled();
  });
});

describe('password reset, going back', () => {
  it('returns to login from the first step', () => {
    const run = start();
    run.actor.send({ type: 'player.back' });

    expect(run.actor.getSnapshot().value).toBe('cancelled');
    expect(run.actor.getSnapshot().status).toBe('done');
    expect(run.calls.goToLogin).toHaveBeenCalledTimes(1);
    expect(run.calls.notify).not.toHaveBeenCalledWith('done');
  });

  it('returns from the new password to the code step, dropping the spent check id', async () => {
    const run = start();
    await reachPasswordStep(run);
    run.actor.send({ type: 'player.changePassword', password: 'Trevo#Forte2026' });
    run.actor.send({ type: 'player.back' });

    const snapshot = run.actor.getSnapshot();
    expect(snapshot.matches({ emailStep: 'idle' })).toBe(true);
    expect(snapshot.context.chkId).toBe('');
    expect(snapshot.context.password).toBe('');
    expect(snapshot.context.email).toBe('ana@example.com');
    expect(run.calls.goToLogin).not.toHaveBeenCalled();
  });
});
