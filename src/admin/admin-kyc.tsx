import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KYC_REVIEWS, KYC_SIDES, type KycCase, type KycReview } from '../../domain/schemas/kyc.schema';
import { adminApi } from './admin-api';
import { errorText } from './admin-login';
import { ConfirmButton } from './admin-confirm';
import { Pager } from './admin-fields';
import { spDateTime } from './admin-panels';

const PAGE_SIZE = 20;

/**
 * Identity documents (issue 19): the players whose front, back and selfie wait for review, each
 * document shown in place (fetched with the operator's token; the server audits every viewing),
 * approved or refused with a reason the player reads.
 */
export function KycPanel() {
  const { t } = useTranslation();
  const [review, setReview] = useState<KycReview>('pending');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ list: KycCase[]; total: number } | null>(null);
  const [message, setMessage] = useState('');

  const load = useCallback(async () => {
    try {
      setResult(await adminApi.kycQueue(review, page, PAGE_SIZE));
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
  }, [review, page, t]);
  useEffect(() => void load(), [load]);

  const decide = async (run: () => Promise<unknown>, done: string) => {
    setMessage('');
    try {
      await run();
      setMessage(done);
    } catch (err) {
      setMessage(errorText(err, t('admin.error')));
    }
    await load();
  };
  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;

  return (
    <section className="admin-panel" aria-labelledby="admin-kyc-title">
      <h2 id="admin-kyc-title">{t('admin.kyc.title')}</h2>
      <label>
        {t('admin.kyc.review')}{' '}
        <select
          value={review}
          onChange={(e) => {
            setPage(1);
            setReview(e.target.value as KycReview);
          }}
        >
          {KYC_REVIEWS.map((r) => (
            <option key={r} value={r}>
              {t(`admin.kyc.reviews.${r}`)}
            </option>
          ))}
        </select>
      </label>
      {message && <p role="status">{message}</p>}
      {result && result.list.length === 0 && <p>{t('admin.kyc.empty')}</p>}
      {result?.list.map((c) => (
        <article key={c.userId} className="admin-kyc-case" data-testid={`kyc-case-${c.userId}`}>
          <h3>
            {c.name} <small>· {c.username}</small>
          </h3>
          <p>
            CPF {c.cpf}
            {c.birthDate && ` · ${t('admin.kyc.born', { date: c.birthDate.split('-').reverse().join('/') })}`}
            {c.reviewedBy &&
              ` · ${t('admin.kyc.reviewedBy', { who: c.reviewedBy, when: spDateTime(c.reviewedAt!) })}`}
          </p>
          <p data-testid={`kyc-address-${c.userId}`}>
            {c.address
              ? `${c.address.street}, ${c.address.number}${c.address.complement ? ` – ${c.address.complement}` : ''} · ${c.address.district} · ${c.address.city}/${c.address.uf} · CEP ${c.address.cep.slice(0, 5)}-${c.address.cep.slice(5)}`
              : t('admin.kyc.noAddress')}
          </p>
          {c.reason && <p className="admin-flag">{c.reason}</p>}
          <div className="admin-kyc-docs">
            {KYC_SIDES.map((side) => {
              const doc = c.documents.find((d) => d.side === side);
              return (
                <figure key={side}>
                  {doc ? <DocumentView id={doc.id} type={doc.type} /> : <p>{t('admin.kyc.missing')}</p>}
                  <figcaption>
                    {t(`admin.kyc.sides.${side}`)}
                    {doc && ` · ${spDateTime(doc.sentAt)}`}
                  </figcaption>
                </figure>
              );
            })}
          </div>
          {c.review === 'pending' && (
            <div className="admin-actions">
              <ConfirmButton
                label={t('admin.kyc.approve')}
                question={t('admin.kyc.confirmApprove', { name: c.name })}
                onConfirm={() =>
                  decide(
                    () =>
                      adminApi.kycApprove(
                        c.userId,
                        c.documents.map((d) => d.id),
                      ),
                    t('admin.kyc.approved'),
                  )
                }
              />
              <ConfirmButton
                label={t('admin.kyc.reject')}
                question={t('admin.kyc.confirmReject', { name: c.name })}
                reason="required"
                danger
                onConfirm={(reason) =>
                  decide(
                    () =>
                      adminApi.kycReject(
                        c.userId,
                        reason,
                        c.documents.map((d) => d.id),
                      ),
                    t('admin.kyc.rejected'),
                  )
                }
              />
            </div>
          )}
        </article>
      ))}
      {result && result.total > PAGE_SIZE && <Pager page={page} pages={pages} onPage={setPage} />}
    </section>
  );
}

/** One document: an image in place, a PDF as a link; fetched with the operator's token. */
function DocumentView({ id, type }: { id: number; type: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    adminApi.kycFile(id).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        if (live) setUrl(objectUrl);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  if (failed) return <p>{t('admin.error')}</p>;
  if (!url) return <p>{t('common.loading')}</p>;
  if (type === 'application/pdf') {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        {t('admin.kyc.openPdf')}
      </a>
    );
  }
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={t('admin.kyc.document')} />
    </a>
  );
}
