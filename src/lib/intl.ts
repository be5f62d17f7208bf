/**
 * Intl formatters made once per locale and options. Making one loads the locale's data and costs
 * far more than formatting with it: home's footer counters made two per frame and the sportsbook
 * two per fixture row, a few milliseconds each on a phone's CPU during the first page's start
 * (issue 18's blocking time).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F, O>(cache: Map<string, F>, make: (locale: string, options: O) => F) {
  return (locale: string, options: O): F => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = cache.get(key);
    if (!format) {
      format = make(locale, options);
      cache.set(key, format);
    }
    return format;
  };
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export const numberFormat = cached<Intl.NumberFormat, Intl.NumberFormatOptions>(
  numberFormats,
  (locale, options) => new Intl.NumberFormat(locale, options),
);

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export const dateTimeFormat = cached<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(
  dateTimeFormats,
  (locale, options) => new Intl.DateTimeFormat(locale, options),
);
