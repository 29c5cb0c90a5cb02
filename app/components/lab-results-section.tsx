import { formatFileSize, labFactRows, labReportKindLabel, labReportUrl, type LabResultColumns } from "~/lib/lab-display";

/**
 * The product page's Lab results section (issue 17): the report's facts as a definition list and
 * 'View lab report' (our own origin, a new tab). Without a report the section stays and says so,
 * with the Telegram link to ask for it. Server-rendered markup only: no JavaScript.
 */
export function LabResultsSection({ product, requestUrl }: { product: LabResultColumns; requestUrl: string }) {
  const facts = labFactRows(product);
  const report = product.labReportKey;
  return (
    <section aria-labelledby="lab-results-heading" className="mt-8">
      <h2 id="lab-results-heading" className="font-display text-xl text-forest-900">
        Lab results
      </h2>
      {facts.length > 0 ? (
        <dl className="mt-3 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-ink-900/10 bg-ink-900/10 text-sm sm:grid-cols-3">
          {facts.map((fact) => (
            <div key={fact.label} className="bg-white px-4 py-2.5">
              <dt className="text-xs text-ink-700">{fact.label}</dt>
              <dd className="mt-0.5 font-semibold break-words text-ink-900">
                {fact.dateTime ? <time dateTime={fact.dateTime}>{fact.value}</time> : fact.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {report ? (
        <a href={labReportUrl(report)} target="_blank" rel="noopener" className="btn-secondary mt-3 w-full py-3 sm:w-auto">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
            <path d="M7 3h7l5 5v13H7z M14 3v5h5 M10 13h6 M10 17h6" strokeLinejoin="round" />
          </svg>
          View lab report
          <span className="text-xs font-normal text-ink-700">
            {labReportKindLabel(product.labReportType)}
            {product.labReportSize ? `, ${formatFileSize(product.labReportSize)}` : ""}
          </span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="mt-3 rounded-2xl bg-cream-100 px-4 py-3 text-sm text-ink-700">
          Lab report available on request.{" "}
          <a href={requestUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-forest-800 underline underline-offset-2">
            Ask us on Telegram
            <span className="sr-only"> (opens Telegram in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
