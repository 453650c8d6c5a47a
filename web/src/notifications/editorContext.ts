import { useOutletContext } from "react-router-dom";
import type { Problem, RuleDraft } from "./ruleForm";

export type EditorStep = "preliminary" | "conditions" | "activate";
export const editorSteps: readonly EditorStep[] = ["preliminary", "conditions", "activate"];

export interface EditorSurvey {
  legacyId: string;
  name: string;
}
export interface EditorTouchpoint {
  legacyId: string;
  name: string;
  type: string;
}

export interface WebhookDelivery {
  readonly deliveryId: string;
  readonly url: string;
  readonly responseId: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastStatusCode: number | null | undefined;
  readonly lastError: string | null | undefined;
  readonly createdAt: string;
}

/** What the editor's layout (/notifications/{id}) gives its steps. */
export interface EditorContext {
  id: string;
  isNew: boolean;
  draft: RuleDraft;
  update: (change: Partial<RuleDraft>) => void;
  surveys: readonly EditorSurvey[];
  touchpoints: readonly EditorTouchpoint[];
  /** The plan's notification features: who may receive alerts. */
  toAllEmails: boolean;
  toOrganizationUsers: boolean;
  problems: readonly Problem[];
  /** The saved rule's signing secret and latest webhook deliveries (none for a new rule). */
  webhookSecret: string | null;
  webhookDeliveries: readonly WebhookDelivery[];
  go: (step: EditorStep | "activate/success") => void;
  /** Saves, then shows activate/success. */
  finish: () => Promise<void>;
  saving: boolean;
}

export const useEditor = () => useOutletContext<EditorContext>();
