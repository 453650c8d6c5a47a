import type { WebsiteDraft, WebsiteErrors, WebsiteField } from "../websiteSettings";

/** What every settings section of the web widget activation form reads and changes. */
export type WebsiteSectionProps = {
  /** The activation as edited. */
  draft: WebsiteDraft;
  /** Changes some fields of the draft. */
  set: (patch: Partial<WebsiteDraft>) => void;
  errors: WebsiteErrors;
  /** The translated error of a field, if it has one. */
  err: (key: WebsiteField) => string | undefined;
  /** A form-unique element id for a field name. */
  id: (name: string) => string;
  readOnly: boolean;
};
