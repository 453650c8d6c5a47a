-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "BillingPeriod" AS ENUM ('monthly', 'annual');

-- CreateEnum
CREATE TYPE "Locale" AS ENUM ('en', 'es', 'fi', 'se');

-- CreateEnum
CREATE TYPE "SignupStatus" AS ENUM ('complete', 'emailVerification', 'detailsRequired');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'editor', 'viewer');

-- CreateEnum
CREATE TYPE "QuestionType" AS ENUM ('smiley', 'nps', 'slider', 'singleChoice', 'multipleChoice', 'openText', 'emotion', 'contactDetails');

-- CreateEnum
CREATE TYPE "TouchpointType" AS ENUM ('terminal', 'link', 'qr', 'website', 'emailContactList', 'smsContactList', 'legacyPlugin');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('PENDING', 'DELIVERED', 'OPENED', 'CLICKED', 'RESPONDED', 'ERROR', 'UNKNOWN');

-- CreateEnum
CREATE TYPE "ResponseStatus" AS ENUM ('open', 'submitted', 'edited');

-- CreateEnum
CREATE TYPE "FileStatus" AS ENUM ('generating', 'finished', 'failed');

-- CreateEnum
CREATE TYPE "JourneyKpi" AS ENUM ('nps', 'average', 'count', 'evi');

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('single', 'pro', 'enterprise');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('draft', 'open', 'paid', 'uncollectible', 'void');

-- CreateEnum
CREATE TYPE "CustomerType" AS ENUM ('company', 'individual');

-- CreateEnum
CREATE TYPE "MessageChannel" AS ENUM ('email', 'sms');

-- CreateEnum
CREATE TYPE "LaunchKind" AS ENUM ('immediate', 'scheduled', 'recurring', 'api');

-- CreateEnum
CREATE TYPE "LaunchStatus" AS ENUM ('scheduled', 'sending', 'sent', 'cancelled', 'failed');

-- CreateEnum
CREATE TYPE "ExportKind" AS ENUM ('csv', 'xlsx', 'pdf');

-- CreateEnum
CREATE TYPE "SmsLedgerKind" AS ENUM ('topup', 'send', 'refund');

-- CreateEnum
CREATE TYPE "NotificationFormat" AS ENUM ('plain', 'markdown');

-- CreateTable
CREATE TABLE "Organization" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "name" TEXT NOT NULL,
    "domain" TEXT,
    "segment" TEXT NOT NULL DEFAULT 'customer',
    "countryCode" TEXT NOT NULL DEFAULT 'FI',
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "featureSetId" VARCHAR(24) NOT NULL,
    "contactRetentionDays" INTEGER,
    "profanityFilter" BOOLEAN NOT NULL DEFAULT false,
    "trialUntil" TIMESTAMPTZ(6),
    "billingPeriod" "BillingPeriod",
    "billingStatus" TEXT NOT NULL DEFAULT 'inactive',
    "dashboardLocked" BOOLEAN NOT NULL DEFAULT false,
    "responseLimit" INTEGER,
    "userSeats" INTEGER,
    "smsBalance" DECIMAL(12,4) NOT NULL DEFAULT 0,
    "privacyPolicy" TEXT,
    "surveyAppearance" JSONB NOT NULL DEFAULT '{}',
    "satisfactionScaleEnabled" BOOLEAN NOT NULL DEFAULT false,
    "satisfactionScaleMin" INTEGER NOT NULL DEFAULT 1,
    "satisfactionScaleMax" INTEGER NOT NULL DEFAULT 5,
    "logoUrl" TEXT,
    "restrictSummaryToTeam" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FeatureSet" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "name" TEXT NOT NULL,
    "features" TEXT[],
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FeatureSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "email" TEXT NOT NULL,
    "displayName" TEXT NOT NULL DEFAULT '',
    "passwordHash" TEXT,
    "locale" "Locale" NOT NULL DEFAULT 'en',
    "receiveDigest" BOOLEAN NOT NULL DEFAULT false,
    "systemAdmin" BOOLEAN NOT NULL DEFAULT false,
    "signupStatus" "SignupStatus" NOT NULL DEFAULT 'complete',
    "signupToken" TEXT,
    "countryCode" TEXT,
    "tutorialsSeen" TEXT[],
    "currentOrganizationId" VARCHAR(24),
    "onboardingCreatedSurvey" BOOLEAN NOT NULL DEFAULT false,
    "onboardingLaunchedSurvey" BOOLEAN NOT NULL DEFAULT false,
    "onboardingCollectedResponses" BOOLEAN NOT NULL DEFAULT false,
    "onboardingAnalyzedResponses" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "userId" VARCHAR(24) NOT NULL,
    "organizationId" VARCHAR(24) NOT NULL,
    "organizationAdmin" BOOLEAN NOT NULL DEFAULT false,
    "billingAdmin" BOOLEAN NOT NULL DEFAULT false,
    "mayCreateSurveys" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Unit" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "parentId" VARCHAR(24),
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Unit_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitRole" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "userId" VARCHAR(24) NOT NULL,
    "role" "Role" NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnitRole_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "userId" VARCHAR(24) NOT NULL,
    "name" TEXT,
    "keyHash" TEXT NOT NULL,
    "keyPrefix" TEXT NOT NULL,
    "lastUsedAt" TIMESTAMPTZ(6),
    "revokedAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OidcPayload" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "userCode" TEXT,
    "uid" TEXT,
    "expiresAt" TIMESTAMPTZ(6),
    "consumedAt" TIMESTAMPTZ(6),

    CONSTRAINT "OidcPayload_pkey" PRIMARY KEY ("type","id")
);

-- CreateTable
CREATE TABLE "OidcSigningKey" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "jwk" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OidcSigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24),
    "actorUserId" VARCHAR(24) NOT NULL,
    "action" TEXT NOT NULL,
    "targetUserId" VARCHAR(24),
    "details" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invite" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "role" "Role" NOT NULL,
    "email" TEXT NOT NULL,
    "organizationAdmin" BOOLEAN NOT NULL DEFAULT false,
    "billingAdmin" BOOLEAN NOT NULL DEFAULT false,
    "mayCreateSurveys" BOOLEAN NOT NULL DEFAULT false,
    "tokenHash" TEXT NOT NULL,
    "invitedByUserId" VARCHAR(24),
    "sentAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(6) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(6),
    "deletedAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Signup" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "email" TEXT NOT NULL,
    "firstName" TEXT NOT NULL DEFAULT '',
    "lastName" TEXT NOT NULL DEFAULT '',
    "stage" TEXT NOT NULL DEFAULT 'initial',
    "passwordHash" TEXT,
    "industry" TEXT,
    "company" TEXT,
    "companySize" TEXT,
    "type" TEXT NOT NULL DEFAULT 'web',
    "phone" TEXT,
    "promoCode" TEXT,
    "tokenHash" TEXT,
    "emailVerifiedAt" TIMESTAMPTZ(6),
    "userId" VARCHAR(24),
    "organizationId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Signup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Survey" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "languages" TEXT[] DEFAULT ARRAY['en']::TEXT[],
    "tags" TEXT[],
    "questionTags" TEXT[],
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "createdByUserId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastFeedbackAt" TIMESTAMPTZ(6),
    "responseCount" INTEGER NOT NULL DEFAULT 0,
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "public" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Survey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Question" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "position" INTEGER NOT NULL,
    "type" "QuestionType" NOT NULL,
    "title" JSONB NOT NULL,
    "subtitle" JSONB,
    "options" JSONB NOT NULL DEFAULT '{}',
    "choices" JSONB NOT NULL DEFAULT '[]',
    "tags" TEXT[],
    "logic" JSONB,
    "required" BOOLEAN NOT NULL DEFAULT false,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Question_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SurveyHidden" (
    "userId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SurveyHidden_pkey" PRIMARY KEY ("userId","surveyId")
);

-- CreateTable
CREATE TABLE "Touchpoint" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "type" "TouchpointType" NOT NULL,
    "activeSurveyId" VARCHAR(24),
    "lastFeedbackAt" TIMESTAMPTZ(6),
    "responseCount" INTEGER NOT NULL DEFAULT 0,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "udid" TEXT,
    "ipAddress" TEXT,
    "lastSeenAt" TIMESTAMPTZ(6),
    "logoUrl" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Touchpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebsiteDomain" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "domain" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebsiteDomain_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactList" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24),
    "name" TEXT NOT NULL,
    "channel" "MessageChannel" NOT NULL,
    "variableNames" TEXT[],
    "deletedContacts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "contactListId" VARCHAR(24) NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "variables" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlockedContact" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "email" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BlockedContact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageTemplate" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "senderName" TEXT,
    "replyToAddress" TEXT,
    "templateType" TEXT NOT NULL,
    "ctaText" TEXT,
    "showHeadings" BOOLEAN NOT NULL DEFAULT true,
    "language" TEXT NOT NULL DEFAULT 'en',
    "groupId" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Launch" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointIds" TEXT[],
    "kind" "LaunchKind" NOT NULL DEFAULT 'immediate',
    "scheduledAt" TIMESTAMPTZ(6),
    "recurrence" JSONB,
    "status" "LaunchStatus" NOT NULL DEFAULT 'scheduled',
    "messageTemplateId" VARCHAR(24),
    "contactListIds" TEXT[],
    "options" JSONB NOT NULL DEFAULT '{}',
    "lastRunAt" TIMESTAMPTZ(6),
    "nextRunAt" TIMESTAMPTZ(6),
    "error" TEXT,
    "createdByUserId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Launch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MessageRecord" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "launchId" VARCHAR(24),
    "surveyId" VARCHAR(24),
    "touchpointId" VARCHAR(24),
    "contactId" VARCHAR(24),
    "channel" "MessageChannel" NOT NULL,
    "recipient" TEXT NOT NULL,
    "deliveryStatus" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "providerMessageId" TEXT,
    "error" TEXT,
    "sentAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MessageRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Response" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "unitId" VARCHAR(24) NOT NULL,
    "status" "ResponseStatus" NOT NULL DEFAULT 'submitted',
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "language" TEXT NOT NULL DEFAULT 'en',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "idempotencyKey" TEXT,
    "messageRecordId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submittedAt" TIMESTAMPTZ(6),

    CONSTRAINT "Response_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Answer" (
    "id" BIGSERIAL NOT NULL,
    "responseId" VARCHAR(24) NOT NULL,
    "organizationId" VARCHAR(24) NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "questionId" VARCHAR(24) NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "numericValue" DOUBLE PRECISION,
    "textValue" TEXT,
    "choiceIds" TEXT[],
    "hidden" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Answer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bookmark" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "userId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "filters" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Bookmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareToken" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "createdByUserId" VARCHAR(24),
    "token" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "filters" JSONB NOT NULL,
    "allowChanges" TEXT[],
    "dynamicDate" BOOLEAN NOT NULL DEFAULT false,
    "expiredAt" TIMESTAMPTZ(6),
    "hideTimestamps" BOOLEAN NOT NULL DEFAULT false,
    "hideResultsIfLessThan" INTEGER,
    "smileyScale" JSONB,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExportJob" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "userId" VARCHAR(24) NOT NULL,
    "kind" "ExportKind" NOT NULL,
    "status" "FileStatus" NOT NULL DEFAULT 'generating',
    "progress" INTEGER NOT NULL DEFAULT 0,
    "request" JSONB NOT NULL,
    "filePath" TEXT,
    "error" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(6),

    CONSTRAINT "ExportJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationRule" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "surveyId" VARCHAR(24) NOT NULL,
    "touchpointIds" TEXT[],
    "conditions" JSONB NOT NULL DEFAULT '[]',
    "delay" INTEGER NOT NULL DEFAULT 0,
    "receivers" TEXT[],
    "format" "NotificationFormat" NOT NULL DEFAULT 'plain',
    "messageContentFromQuestionIds" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "lastRunAt" TIMESTAMPTZ(6),
    "createdByUserId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotificationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomerJourney" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "name" TEXT NOT NULL,
    "kpi" "JourneyKpi" NOT NULL DEFAULT 'nps',
    "steps" JSONB NOT NULL DEFAULT '[]',
    "createdByUserId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CustomerJourney_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Subscription" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "plan" "Plan",
    "billingPeriod" "BillingPeriod",
    "status" TEXT NOT NULL DEFAULT 'inactive',
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "paymentMethodId" TEXT,
    "cardBrand" TEXT,
    "cardLast4" TEXT,
    "cardExpMonth" INTEGER,
    "cardExpYear" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "taxRate" DECIMAL(6,3),
    "currentPeriodEnd" TIMESTAMPTZ(6),
    "cancelAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'draft',
    "total" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'EUR',
    "number" TEXT,
    "finalizedAt" TIMESTAMPTZ(6),
    "paidAt" TIMESTAMPTZ(6),
    "dueAt" TIMESTAMPTZ(6),
    "stripeInvoiceId" TEXT,
    "pdfUrl" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BillingDetails" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "billingEmail" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "addressLine1" TEXT,
    "addressLine2" TEXT,
    "city" TEXT,
    "postalCode" TEXT,
    "state" TEXT,
    "country" TEXT,
    "customerType" "CustomerType" NOT NULL DEFAULT 'company',
    "businessId" TEXT,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillingDetails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmsLedgerEntry" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "amount" DECIMAL(12,4) NOT NULL,
    "kind" "SmsLedgerKind" NOT NULL,
    "reference" TEXT,
    "createdByUserId" VARCHAR(24),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SmsLedgerEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Report" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24),
    "view" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TouchpointPing" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "battery" DOUBLE PRECISION,

    CONSTRAINT "TouchpointPing_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TouchpointVisibility" (
    "userId" VARCHAR(24) NOT NULL,
    "touchpointId" VARCHAR(24) NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT true,
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TouchpointVisibility_pkey" PRIMARY KEY ("userId","touchpointId")
);

-- CreateTable
CREATE TABLE "MailOutbox" (
    "id" VARCHAR(24) NOT NULL DEFAULT substr(replace((gen_random_uuid())::text, '-'::text, ''::text), 1, 24),
    "organizationId" VARCHAR(24),
    "channel" "MessageChannel" NOT NULL DEFAULT 'email',
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    "html" TEXT,
    "sentAt" TIMESTAMPTZ(6),
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "FeatureSet_name_key" ON "FeatureSet"("name");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_organizationId_idx" ON "Membership"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_userId_organizationId_key" ON "Membership"("userId", "organizationId");

-- CreateIndex
CREATE INDEX "Unit_organizationId_parentId_idx" ON "Unit"("organizationId", "parentId");

-- CreateIndex
CREATE INDEX "UnitRole_userId_idx" ON "UnitRole"("userId");

-- CreateIndex
CREATE INDEX "UnitRole_organizationId_idx" ON "UnitRole"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "UnitRole_unitId_userId_key" ON "UnitRole"("unitId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_organizationId_idx" ON "ApiKey"("organizationId");

-- CreateIndex
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");

-- CreateIndex
CREATE INDEX "OidcPayload_grantId_idx" ON "OidcPayload"("grantId");

-- CreateIndex
CREATE INDEX "OidcPayload_userCode_idx" ON "OidcPayload"("userCode");

-- CreateIndex
CREATE INDEX "OidcPayload_uid_idx" ON "OidcPayload"("uid");

-- CreateIndex
CREATE INDEX "OidcPayload_expiresAt_idx" ON "OidcPayload"("expiresAt");

-- CreateIndex
CREATE INDEX "AuditLog_organizationId_createdAt_idx" ON "AuditLog"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorUserId_createdAt_idx" ON "AuditLog"("actorUserId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");

-- CreateIndex
CREATE INDEX "Invite_organizationId_email_idx" ON "Invite"("organizationId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Signup_tokenHash_key" ON "Signup"("tokenHash");

-- CreateIndex
CREATE INDEX "Signup_email_idx" ON "Signup"("email");

-- CreateIndex
CREATE INDEX "Signup_organizationId_idx" ON "Signup"("organizationId");

-- CreateIndex
CREATE INDEX "Survey_organizationId_createdAt_idx" ON "Survey"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Survey_unitId_idx" ON "Survey"("unitId");

-- CreateIndex
CREATE INDEX "Survey_isTemplate_public_idx" ON "Survey"("isTemplate", "public");

-- CreateIndex
CREATE INDEX "Question_surveyId_position_idx" ON "Question"("surveyId", "position");

-- CreateIndex
CREATE INDEX "Question_organizationId_idx" ON "Question"("organizationId");

-- CreateIndex
CREATE INDEX "SurveyHidden_surveyId_idx" ON "SurveyHidden"("surveyId");

-- CreateIndex
CREATE UNIQUE INDEX "Touchpoint_udid_key" ON "Touchpoint"("udid");

-- CreateIndex
CREATE INDEX "Touchpoint_organizationId_type_idx" ON "Touchpoint"("organizationId", "type");

-- CreateIndex
CREATE INDEX "Touchpoint_unitId_idx" ON "Touchpoint"("unitId");

-- CreateIndex
CREATE INDEX "Touchpoint_activeSurveyId_idx" ON "Touchpoint"("activeSurveyId");

-- CreateIndex
CREATE UNIQUE INDEX "WebsiteDomain_organizationId_domain_key" ON "WebsiteDomain"("organizationId", "domain");

-- CreateIndex
CREATE UNIQUE INDEX "ContactList_touchpointId_key" ON "ContactList"("touchpointId");

-- CreateIndex
CREATE INDEX "ContactList_organizationId_idx" ON "ContactList"("organizationId");

-- CreateIndex
CREATE INDEX "Contact_organizationId_idx" ON "Contact"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_contactListId_email_key" ON "Contact"("contactListId", "email");

-- CreateIndex
CREATE UNIQUE INDEX "Contact_contactListId_phone_key" ON "Contact"("contactListId", "phone");

-- CreateIndex
CREATE UNIQUE INDEX "BlockedContact_organizationId_email_key" ON "BlockedContact"("organizationId", "email");

-- CreateIndex
CREATE INDEX "MessageTemplate_organizationId_templateType_idx" ON "MessageTemplate"("organizationId", "templateType");

-- CreateIndex
CREATE INDEX "MessageTemplate_groupId_idx" ON "MessageTemplate"("groupId");

-- CreateIndex
CREATE INDEX "Launch_organizationId_status_idx" ON "Launch"("organizationId", "status");

-- CreateIndex
CREATE INDEX "Launch_status_nextRunAt_idx" ON "Launch"("status", "nextRunAt");

-- CreateIndex
CREATE INDEX "Launch_surveyId_idx" ON "Launch"("surveyId");

-- CreateIndex
CREATE INDEX "MessageRecord_organizationId_createdAt_idx" ON "MessageRecord"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "MessageRecord_launchId_idx" ON "MessageRecord"("launchId");

-- CreateIndex
CREATE INDEX "MessageRecord_touchpointId_createdAt_idx" ON "MessageRecord"("touchpointId", "createdAt");

-- CreateIndex
CREATE INDEX "MessageRecord_providerMessageId_idx" ON "MessageRecord"("providerMessageId");

-- CreateIndex
CREATE INDEX "Response_organizationId_createdAt_idx" ON "Response"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Response_surveyId_createdAt_idx" ON "Response"("surveyId", "createdAt");

-- CreateIndex
CREATE INDEX "Response_touchpointId_createdAt_idx" ON "Response"("touchpointId", "createdAt");

-- CreateIndex
CREATE INDEX "Response_messageRecordId_idx" ON "Response"("messageRecordId");

-- CreateIndex
CREATE UNIQUE INDEX "Response_touchpointId_idempotencyKey_key" ON "Response"("touchpointId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "Answer_questionId_createdAt_idx" ON "Answer"("questionId", "createdAt");

-- CreateIndex
CREATE INDEX "Answer_responseId_idx" ON "Answer"("responseId");

-- CreateIndex
CREATE INDEX "Answer_organizationId_createdAt_idx" ON "Answer"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Bookmark_organizationId_userId_idx" ON "Bookmark"("organizationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareToken_token_key" ON "ShareToken"("token");

-- CreateIndex
CREATE INDEX "ShareToken_organizationId_idx" ON "ShareToken"("organizationId");

-- CreateIndex
CREATE INDEX "ExportJob_organizationId_createdAt_idx" ON "ExportJob"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "ExportJob_userId_idx" ON "ExportJob"("userId");

-- CreateIndex
CREATE INDEX "NotificationRule_organizationId_idx" ON "NotificationRule"("organizationId");

-- CreateIndex
CREATE INDEX "NotificationRule_surveyId_idx" ON "NotificationRule"("surveyId");

-- CreateIndex
CREATE INDEX "CustomerJourney_organizationId_idx" ON "CustomerJourney"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_organizationId_key" ON "Subscription"("organizationId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_stripeCustomerId_key" ON "Subscription"("stripeCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscription_stripeSubscriptionId_key" ON "Subscription"("stripeSubscriptionId");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_stripeInvoiceId_key" ON "Invoice"("stripeInvoiceId");

-- CreateIndex
CREATE INDEX "Invoice_organizationId_createdAt_idx" ON "Invoice"("organizationId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BillingDetails_organizationId_key" ON "BillingDetails"("organizationId");

-- CreateIndex
CREATE INDEX "SmsLedgerEntry_organizationId_createdAt_idx" ON "SmsLedgerEntry"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "Report_view_year_idx" ON "Report"("view", "year");

-- CreateIndex
CREATE INDEX "Report_organizationId_idx" ON "Report"("organizationId");

-- CreateIndex
CREATE INDEX "TouchpointPing_touchpointId_at_idx" ON "TouchpointPing"("touchpointId", "at");

-- CreateIndex
CREATE INDEX "TouchpointPing_organizationId_at_idx" ON "TouchpointPing"("organizationId", "at");

-- CreateIndex
CREATE INDEX "TouchpointVisibility_touchpointId_idx" ON "TouchpointVisibility"("touchpointId");

-- CreateIndex
CREATE INDEX "MailOutbox_createdAt_idx" ON "MailOutbox"("createdAt");

-- CreateIndex
CREATE INDEX "MailOutbox_organizationId_createdAt_idx" ON "MailOutbox"("organizationId", "createdAt");

-- AddForeignKey
ALTER TABLE "Organization" ADD CONSTRAINT "Organization_featureSetId_fkey" FOREIGN KEY ("featureSetId") REFERENCES "FeatureSet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_currentOrganizationId_fkey" FOREIGN KEY ("currentOrganizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Unit" ADD CONSTRAINT "Unit_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Unit"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitRole" ADD CONSTRAINT "UnitRole_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitRole" ADD CONSTRAINT "UnitRole_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitRole" ADD CONSTRAINT "UnitRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invite" ADD CONSTRAINT "Invite_invitedByUserId_fkey" FOREIGN KEY ("invitedByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signup" ADD CONSTRAINT "Signup_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signup" ADD CONSTRAINT "Signup_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Question" ADD CONSTRAINT "Question_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyHidden" ADD CONSTRAINT "SurveyHidden_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyHidden" ADD CONSTRAINT "SurveyHidden_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Touchpoint" ADD CONSTRAINT "Touchpoint_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Touchpoint" ADD CONSTRAINT "Touchpoint_unitId_fkey" FOREIGN KEY ("unitId") REFERENCES "Unit"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Touchpoint" ADD CONSTRAINT "Touchpoint_activeSurveyId_fkey" FOREIGN KEY ("activeSurveyId") REFERENCES "Survey"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebsiteDomain" ADD CONSTRAINT "WebsiteDomain_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactList" ADD CONSTRAINT "ContactList_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactList" ADD CONSTRAINT "ContactList_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_contactListId_fkey" FOREIGN KEY ("contactListId") REFERENCES "ContactList"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlockedContact" ADD CONSTRAINT "BlockedContact_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageTemplate" ADD CONSTRAINT "MessageTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Launch" ADD CONSTRAINT "Launch_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Launch" ADD CONSTRAINT "Launch_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Launch" ADD CONSTRAINT "Launch_messageTemplateId_fkey" FOREIGN KEY ("messageTemplateId") REFERENCES "MessageTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Launch" ADD CONSTRAINT "Launch_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecord" ADD CONSTRAINT "MessageRecord_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecord" ADD CONSTRAINT "MessageRecord_launchId_fkey" FOREIGN KEY ("launchId") REFERENCES "Launch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecord" ADD CONSTRAINT "MessageRecord_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecord" ADD CONSTRAINT "MessageRecord_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MessageRecord" ADD CONSTRAINT "MessageRecord_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Response" ADD CONSTRAINT "Response_messageRecordId_fkey" FOREIGN KEY ("messageRecordId") REFERENCES "MessageRecord"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Answer" ADD CONSTRAINT "Answer_responseId_fkey" FOREIGN KEY ("responseId") REFERENCES "Response"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Answer" ADD CONSTRAINT "Answer_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Answer" ADD CONSTRAINT "Answer_questionId_fkey" FOREIGN KEY ("questionId") REFERENCES "Question"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bookmark" ADD CONSTRAINT "Bookmark_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Bookmark" ADD CONSTRAINT "Bookmark_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareToken" ADD CONSTRAINT "ShareToken_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareToken" ADD CONSTRAINT "ShareToken_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExportJob" ADD CONSTRAINT "ExportJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationRule" ADD CONSTRAINT "NotificationRule_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationRule" ADD CONSTRAINT "NotificationRule_surveyId_fkey" FOREIGN KEY ("surveyId") REFERENCES "Survey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationRule" ADD CONSTRAINT "NotificationRule_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerJourney" ADD CONSTRAINT "CustomerJourney_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerJourney" ADD CONSTRAINT "CustomerJourney_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscription" ADD CONSTRAINT "Subscription_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BillingDetails" ADD CONSTRAINT "BillingDetails_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsLedgerEntry" ADD CONSTRAINT "SmsLedgerEntry_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmsLedgerEntry" ADD CONSTRAINT "SmsLedgerEntry_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TouchpointPing" ADD CONSTRAINT "TouchpointPing_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TouchpointPing" ADD CONSTRAINT "TouchpointPing_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TouchpointVisibility" ADD CONSTRAINT "TouchpointVisibility_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TouchpointVisibility" ADD CONSTRAINT "TouchpointVisibility_touchpointId_fkey" FOREIGN KEY ("touchpointId") REFERENCES "Touchpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailOutbox" ADD CONSTRAINT "MailOutbox_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;
