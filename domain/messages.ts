import type { LanguageKey } from './languages';

/**
 * Messages the server sends in `message`, in the request's language. pt_BR is the reference; the
 * specification's own texts are kept exactly (section 5 and 8), typography included.
 */
const ptBR = {
  ok: 'sucesso',
  invalidInput: 'Verifique os dados informados',
  unknownField: 'Campo não permitido: {field}',
  required: 'Preencha o campo {field}',
  tooLong: 'O campo {field} é longo demais',
  bodyTooLarge: 'Requisição grande demais',
  notFound: 'Não encontrado',
  loginRequired: 'Por favor, faça login primeiro',
  loginAgain: 'Por favor, faça login novamente',
  loginTimedOut: 'O login expirou, entre novamente',
  forbidden: 'Acesso negado',
  captchaWrong: 'Código de verificação incorreto',
  captchaMissing: 'Por favor verifique',
  captchaExpired: 'O código de verificação expirou, tente outro',
  badCredentials: 'Usuário ou senha incorretos',
  tooManyAttempts: 'Muitas tentativas. Tente novamente em {seconds} s',
  tooManyRequests: 'Muitas solicitações. Aguarde um pouco e tente novamente',
  emailInvalid: 'Informe um e-mail válido',
  emailTaken: 'Este e-mail já está cadastrado',
  cpfInvalid: 'CPF inválido',
  cpfTaken: 'Este CPF já está cadastrado',
  passwordLength: 'A senha deve ter de 8 a 64 caracteres',
  passwordCommon: 'Esta senha é comum demais; escolha outra',
  passwordMismatch: 'As senhas não coincidem',
  passwordWrong: 'Senha atual incorreta',
  underage: 'É preciso ter mais de 18 anos para se cadastrar',
  birthDateRequired: 'Informe a data de nascimento',
  inviteInvalid: 'Código de convite inválido',
  resetIncomplete: 'Por favor, preencha as informações completamente！',
  resetCodeWrong: 'Código incorreto ou expirado',
  resetSent: 'Enviado com sucesso',
  resetDone: 'Senha alterada com sucesso',
  passwordChanged: 'Senha alterada com sucesso',
  handoffInvalid: 'Link inválido ou expirado',
  avatarInvalid: 'Avatar inválido',
  operatorOnly: 'Acesso restrito a operadores',
  serviceUnavailable: 'Serviço temporariamente indisponível, tente novamente',
  internal: 'Erro interno, tente novamente',
  noticeEmpty: 'Escreva o aviso',
  idempotencyMissing: 'Cabeçalho Idempotency-Key obrigatório',
  idempotencyReused: 'Esta chave já foi usada com outra requisição',
  idempotencyRunning: 'Requisição em andamento, aguarde',
  insufficientFunds: 'Saldo insuficiente',
  packageUnknown: 'Por favor, selecione o montante de recarga',
  kycRequired: 'Complete seus dados de identificação antes de depositar',
  demoNoRealMoney: 'Contas de teste não movimentam dinheiro real',
  webhookRejected: 'Notificação recusada',
  kycInvalid: 'Informe o nome e um CPF ou CNPJ válido',
  kycCpfMismatch: 'O CPF deve ser o mesmo do cadastro',
  kycDone: 'Terminar',
} as const;

export type MessageKey = keyof typeof ptBR;

const enUS: Record<MessageKey, string> = {
  ok: 'success',
  invalidInput: 'Check the information you entered',
  unknownField: 'Field not allowed: {field}',
  required: 'Fill in the field {field}',
  tooLong: 'The field {field} is too long',
  bodyTooLarge: 'Request too large',
  notFound: 'Not found',
  loginRequired: 'Please log in first',
  loginAgain: 'Please log in again',
  loginTimedOut: 'Login timed out, please log in again',
  forbidden: 'Access denied',
  captchaWrong: 'Wrong verification code',
  captchaMissing: 'Please verify',
  captchaExpired: 'The verification code expired, try another one',
  badCredentials: 'Wrong username or password',
  tooManyAttempts: 'Too many attempts. Try again in {seconds} s',
  tooManyRequests: 'Too many requests. Wait a moment and try again',
  emailInvalid: 'Enter a valid e-mail',
  emailTaken: 'This e-mail is already registered',
  cpfInvalid: 'Invalid CPF',
  cpfTaken: 'This CPF is already registered',
  passwordLength: 'The password must have 8 to 64 characters',
  passwordCommon: 'This password is too common; choose another',
  passwordMismatch: 'The passwords do not match',
  passwordWrong: 'Current password is wrong',
  underage: 'You must be over 18 to sign up',
  birthDateRequired: 'Enter your birth date',
  inviteInvalid: 'Invalid invite code',
  resetIncomplete: 'Please fill in the information completely!',
  resetCodeWrong: 'Wrong or expired code',
  resetSent: 'Sent successfully',
  resetDone: 'Password changed',
  passwordChanged: 'Password changed',
  handoffInvalid: 'Invalid or expired link',
  avatarInvalid: 'Invalid avatar',
  operatorOnly: 'Operators only',
  serviceUnavailable: 'Service temporarily unavailable, try again',
  internal: 'Internal error, try again',
  noticeEmpty: 'Write the notice',
  idempotencyMissing: 'Idempotency-Key header required',
  idempotencyReused: 'This key was already used with another request',
  idempotencyRunning: 'Request in progress, please wait',
  insufficientFunds: 'Insufficient balance',
  packageUnknown: 'Please select a recharge amount',
  kycRequired: 'Complete your identity details before depositing',
  demoNoRealMoney: 'Test accounts do not move real money',
  webhookRejected: 'Notification refused',
  kycInvalid: 'Enter the name and a valid CPF or CNPJ',
  kycCpfMismatch: 'The CPF must be the one you registered with',
  kycDone: 'Done',
};

const catalogues: Partial<Record<LanguageKey, Record<MessageKey, string>>> = { pt_BR: ptBR, en_US: enUS };

/** The message in `lang` (pt_BR when that language has no catalogue), with `{name}` filled in. */
export function translate(
  key: MessageKey,
  lang: LanguageKey,
  params: Record<string, string | number> = {},
): string {
  const template = (catalogues[lang] ?? ptBR)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** True when `value` names a message of the catalogue (schemas use keys as their zod messages). */
export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(ptBR, value);
}
