// Every declared operation, in the order /openapi.json lists them. A route of the app that is not
// here fails test/workers/openapi-conformance.test.ts.
import * as account from '../accounts/account-operations.ts';
import * as auth from '../accounts/auth-operations.ts';
import * as keys from '../accounts/key-operations.ts';
import { generateInvoiceBatch } from '../batch/batch-operations.ts';
import * as documents from '../documents/document-operations.ts';
import { listDevEmails } from '../email/dev-email-operations.ts';
import { getHealth } from '../health/health-operations.ts';
import { getHostedInvoice } from '../hosted/hosted-operations.ts';
import type { Operation } from '../http/operation.ts';
import { generateInvoice } from '../invoices/invoice-operations.ts';
import { renderLegacy } from '../legacy/legacy-operations.ts';
import { previewInvoice } from '../preview/preview-operations.ts';
import { validateInvoice } from '../validate/validate-operations.ts';
import * as deliveries from '../webhooks/webhook-delivery-operations.ts';
import * as webhooks from '../webhooks/webhook-operations.ts';
import { getOpenApi } from './openapi-operations.ts';

export const ALL_OPERATIONS: readonly Operation[] = [
  generateInvoice,
  previewInvoice,
  validateInvoice,
  generateInvoiceBatch,
  getHostedInvoice,
  renderLegacy,
  webhooks.listWebhooks,
  webhooks.createWebhook,
  webhooks.getWebhook,
  webhooks.updateWebhook,
  webhooks.deleteWebhook,
  deliveries.listWebhookDeliveries,
  deliveries.redeliverWebhookDelivery,
  deliveries.testWebhook,
  documents.listDocuments,
  documents.getDocument,
  documents.revokeDocument,
  auth.register,
  auth.verifyEmail,
  auth.login,
  auth.logout,
  auth.getCurrentUser,
  auth.generateApiKey,
  keys.listApiKeys,
  keys.createApiKey,
  keys.deleteApiKey,
  auth.resendVerification,
  auth.forgotPassword,
  auth.resetPassword,
  auth.changePassword,
  account.changeEmail,
  account.confirmEmailChange,
  account.deleteAccount,
  listDevEmails,
  getHealth,
  getOpenApi,
];
