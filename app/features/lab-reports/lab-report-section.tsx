import type { LabReportView } from "./lab-report-display";

/**
 * The product page's Lab report section: the report's facts as a definition list and
 * 'View lab report' (our own origin, a new tab). Without a report the section stays and says so,
 * with the Telegram link to ask for it. The loader computes the view (lab-report-display.ts's
 * labReportView), so the browser gets only this markup.
 */
export function LabReportSection({ view, requestUrl }: { view: LabReportView; requestUrl: string }) {
  return (
    <section aria-labelledby="lab-report-heading" className="mt-8">
      <h2 id="lab-report-heading" className="font-display text-xl text-forest-900">
        Lab report
      </h2>
      {view.sample ? (
        <p role="note" className="lab-note font-semibold text-berry-700">
          {view.sample}
        </p>
      ) : null}
      {view.facts.length > 0 ? (
        <dl className="lab-facts">
          {view.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.dateTime ? <time dateTime={fact.dateTime}>{fact.value}</time> : fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {view.report ? (
        <a href={view.report.href} target="_blank" rel="noopener" className="btn-secondary mt-3 w-full py-3 sm:w-auto">
          View lab report
          <span className="text-xs font-normal">{view.report.detail}</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="lab-note">
          Lab report available on request.{" "}
          <a href={requestUrl} target="_blank" rel="noopener noreferrer">
            Ask us on Telegram
            <span className="sr-only"> (opens Telegram in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
