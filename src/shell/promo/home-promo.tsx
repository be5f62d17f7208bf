import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Banner, Sponsor } from '../../../domain/schemas/promo.schema';
import { fetchBanners, fetchSponsors } from '../../services/promo-api';
import { prefersReducedMotion } from '../../lib/motion';
import { useFetched } from '../../lib/use-fetched';
import './promo.css';

/** A banner stays this long before the carousel moves on (paused while hovered or focused). */
export const BANNER_INTERVAL_MS = 5000;

/** Home's banners from the operator configuration, one at a time, with dots to pick one. */
export function BannerCarousel() {
  const { t, i18n } = useTranslation();
  // Asked again when the player switches language: the operator's texts come in the request's one.
  // null until the first answer: the carousel's place is kept meanwhile (a failure empties it).
  const answer = useFetched<Banner[] | null>(() => fetchBanners().catch(() => []), null, [i18n.language]);
  const banners = answer ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (banners.length < 2 || paused || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [banners.length, paused]);

  // Home's games and everything under them stay where they are when the banners arrive: the
  // carousel appearing above them was the whole of home's layout shift (0.096 in Lighthouse).
  if (answer === null) return <div className="banners banners--pending" aria-hidden="true" />;
  if (banners.length === 0) return null;
  return (
    <section
      className="banners"
      aria-roledescription="carousel"
      aria-label={t('promo.home.bannersLabel')}
      data-testid="home-banners"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="banners__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, i) => (
          <Link
            key={banner.id}
            to={banner.link}
            className="banner"
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
            data-testid={`home-banner-${banner.id}`}
          >
            <span className="banner__copy">
              <strong className="banner__title">{banner.title}</strong>
              <span className="banner__subtitle">{banner.subtitle}</span>
            </span>
            <img className="banner__art" src={banner.art} alt="" width={160} height={120} />
          </Link>
        ))}
      </div>
      {banners.length > 1 && (
        <div className="banners__dots">
          {banners.map((banner, i) => (
            <button
              key={banner.id}
              type="button"
              className="banners__dot"
              aria-label={t('promo.home.showBanner', { n: i + 1, title: banner.title })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The partner-sponsor section of home (spec 1), from the operator configuration. */
export function SponsorSection() {
  const { t, i18n } = useTranslation();
  const sponsors = useFetched<Sponsor[]>(fetchSponsors, [], [i18n.language]);
  if (sponsors.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="home-sponsors" data-testid="home-sponsors">
      <h2 id="home-sponsors" className="section-title">
        {t('promo.home.sponsorsTitle')}
      </h2>
      <ul className="sponsors">
        {sponsors.map((sponsor) => (
          <li key={sponsor.id} className="sponsor">
            <img className="sponsor__art" src={sponsor.art} alt="" width={72} height={72} />
            <span className="sponsor__name">{sponsor.name}</span>
            <span className="sponsor__text">{sponsor.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
