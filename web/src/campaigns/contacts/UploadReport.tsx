import { Plural, Trans } from "@lingui/react/macro";
import type { ImportReport } from "./uploadContacts";

/** The answer of an upload, readable: the counts, then a table of the skipped and ignored lines. */
export function UploadReport({ report }: { report: ImportReport }) {
  return (
    <section className="upload-report" aria-labelledby="upload-report-title">
      <h3 id="upload-report-title">
        <Trans>Upload report</Trans>
      </h3>
      <ul>
        <li>
          <Plural value={report.imported} one="# contact imported" other="# contacts imported" />
        </li>
        <li>
          <Plural value={report.skipped} one="# invalid line skipped" other="# invalid lines skipped" />
        </li>
        <li>
          <Plural value={report.duplicates} one="# duplicate ignored" other="# duplicates ignored" />
        </li>
        {report.emailsSuppressed > 0 && (
          <li>
            <Plural
              value={report.emailsSuppressed}
              one="# address not loaded because it unsubscribed earlier"
              other="# addresses not loaded because they unsubscribed earlier"
            />
          </li>
        )}
      </ul>
      {report.errors.length > 0 && (
        <table>
          <caption>
            <Trans>Skipped lines</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Line</Trans>
              </th>
              <th scope="col">
                <Trans>Problem</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((e) => (
              <tr key={`${e.line}-${e.kind}`}>
                <td>{e.line}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.errorsTruncated && (
        <p>
          <Trans>Only the first {report.errors.length} problems are listed.</Trans>
        </p>
      )}
    </section>
  );
}
