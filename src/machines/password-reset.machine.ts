import { assign, fromPromise, not, setup } from 'xstate';
import { passwordProblem } from '../../domain/identity';
import { checkResetCode, sendResetCode, setNewPassword } from '../services/main-api';

/**
 * Password recovery (spec 4 and 5): step 1 sends a code to the e-mail, step 2 checks the 6-digit
 * code on the same screen, step 3 sets the new password; then the player is back at login. Every
 * request is an invoked actor and every message or navigation an action the view provides, so tests
 * replace both with `.provide()`. Server failures are alerted by the API client; the machine only
 * returns to the step so the player can correct and retry.
 */

/** What the machine asks the view to tell the player. */
export type ResetNotice =
  | 'enterEmail'
  | 'incomplete'
  | 'confirmNewPassword'
  | 'passwordLength'
  | 'passwordCommon'
  | 'passwordMismatch'
  | 'codeSent'
  | 'done';

export interface PasswordResetContext {
  email: string;
  code: string;
  /** The check id step 2 returns; it authorises step 3. */
  chkId: string;
  password: string;
  confirm: string;
  /** The address the last code went to, shown under the code field. */
  codeSentTo: string | null;
}

export type PasswordResetEvent =
  | { type: 'player.changeEmail'; email: string }
  | { type: 'player.changeCode'; code: string }
  | { type: 'player.changePassword'; password: string }
  | { type: 'player.changeConfirm'; confirm: string }
  | { type: 'player.sendCode' }
  | { type: 'player.submitCode' }
  | { type: 'player.submitPassword' }
  | { type: 'player.back' };

const CODE_PATTERN = /^\d{6}$/;

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  actors: {
    sendCode: fromPromise<string, { email: string }>(({ input }) => sendResetCode(input.email)),
    checkCode: fromPromise<string, { email: string; code: string }>(({ input }) =>
      checkResetCode(input.email, input.code),
    ),
    setPassword: fromPromise<string, { password: string; chkId: string }>(({ input }) =>
      setNewPassword(input.password, input.chkId),
    ),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim() !== '',
    hasEmailAndCode: ({ context }) => context.email.trim() !== '' && CODE_PATTERN.test(context.code.trim()),
    hasPassword: ({ context }) => context.password !== '',
    hasConfirmation: ({ context }) => context.confirm !== '',
    isPasswordLengthOk: ({ context }) => passwordProblem(context.password) !== 'length',
    isPasswordUncommon: ({ context }) => passwordProblem(context.password) !== 'common',
    doPasswordsMatch: ({ context }) => context.password === context.confirm,
  },
  actions: {
    /** Shows a short message; the view provides the toast. */
    notify: (_, _params: { message: ResetNotice }) => undefined,
    /** Opens the login panel again; the view provides it. */
    goToLogin: () => undefined,
  },
}).createMachine({
  id: 'passwordReset',
  context: {
    email: '',
    code: '',
    chkId: '',
    password: '',
    confirm: '',
    codeSentTo: null,
  },
  initial: 'emailStep',
  on: {
    'player.changeEmail': { actions: assign({ email: ({ event }) => event.email }) },
    'player.changeCode': { actions: assign({ code: ({ event }) => event.code }) },
    'player.changePassword': { actions: assign({ password: ({ event }) => event.password }) },
    'player.changeConfirm': { actions: assign({ confirm: ({ event }) => event.confirm }) },
  },
  states: {
    emailStep: {
      description: 'Steps 1 and 2 share one screen: the e-mail with its send button, then the code.',
      initial: 'idle',
      on: {
        'player.back': { target: 'cancelled', description: 'Back to the login panel.' },
      },
      states: {
        idle: {
          on: {
            'player.sendCode': [
              { guard: 'hasEmail', target: 'sendingCode' },
              { actions: { type: 'notify', params: { message: 'enterEmail' } } },
            ],
            'player.submitCode': [
              { guard: 'hasEmailAndCode', target: 'checkingCode' },
              { actions: { type: 'notify', params: { message: 'incomplete' } } },
            ],
          },
        },
        sendingCode: {
          invoke: {
            src: 'sendCode',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ codeSentTo: ({ context }) => context.email.trim() }),
                { type: 'notify', params: { message: 'codeSent' } },
              ],
            },
            onError: { target: 'idle' },
          },
        },
        checkingCode: {
          invoke: {
            src: 'checkCode',
            input: ({ context }) => ({ email: context.email.trim(), code: context.code.trim() }),
            onDone: {
              target: '#passwordReset.passwordStep',
              actions: assign({ chkId: ({ event }) => event.output }),
            },
            onError: { target: 'idle', actions: assign({ code: '' }) },
          },
        },
      },
    },
    passwordStep: {
      description: 'Step 3: the new password twice, checked here before the server sees it.',
      initial: 'idle',
      on: {
        'player.back': {
          target: 'emailStep',
          description: 'A check id is single-use; going back asks for a new code.',
          actions: assign({ chkId: '', code: '', password: '', confirm: '' }),
        },
      },
      states: {
        idle: {
          on: {
            'player.submitPassword': [
              { guard: not('hasPassword'), actions: { type: 'notify', params: { message: 'incomplete' } } },
              {
                guard: not('hasConfirmation'),
                actions: { type: 'notify', params: { message: 'confirmNewPassword' } },
              },
              {
                guard: not('isPasswordLengthOk'),
                actions: { type: 'notify', params: { message: 'passwordLength' } },
              },
              {
                guard: not('isPasswordUncommon'),
                actions: { type: 'notify', params: { message: 'passwordCommon' } },
              },
              {
                guard: not('doPasswordsMatch'),
                actions: { type: 'notify', params: { message: 'passwordMismatch' } },
              },
              { target: 'saving' },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'setPassword',
            input: ({ context }) => ({ password: context.password, chkId: context.chkId }),
            onDone: { target: '#passwordReset.done' },
            onError: { target: 'idle' },
          },
        },
      },
    },
    done: {
      type: 'final',
      entry: [{ type: 'notify', params: { message: 'done' } }, 'goToLogin'],
    },
    cancelled: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
