import { useTranslation } from 'react-i18next';

/**
 * A refusal as a player reads it: the server's words, and its code only as small print beside
 * them (issue 18: players read words; a code may appear only as small print).
 */
export function RefusalText({ message, code }: { message: string; code: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      {message}
      {code !== null ? (
        <>
          {' '}
          <small className="refusal__code">{t('sports.codeSmall', { code })}</small>
        </>
      ) : null}
    </>
  );
}
