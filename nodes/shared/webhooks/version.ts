/**
 * "2" selects CometChat's current webhooks (deliveries `{trigger, data, appId, region, webhook}`, the
 * ones the CometChat Trigger reads); without it the management API manages legacy webhooks (spec
 * parameter X-Webhook-Version). Every webhook and trigger operation sends it.
 */
export const WEBHOOK_VERSION_HEADERS = { 'X-Webhook-Version': '2' } as const;
