import { CampaignMessagesScreen } from "./CampaignMessagesScreen";

/** /touchpoints/emails */
export default function EmailCampaignsPage() {
  return <CampaignMessagesScreen channel="email" />;
}
