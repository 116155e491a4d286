/**
 * The CometChat node's description, which the CometChat Trigger carries too. n8n's nodes panel shows an
 * action node and its trigger (same name + "Trigger") as ONE entry, and gives that entry the trigger's
 * description (n8n's editor, useActionsGeneration → generateMergedNodesAndActions: "default to trigger
 * description"; n8n 2.41 shows Slack as "Handle Slack events via webhooks" the same way). The entry lists
 * the node's actions and the trigger's events; its description should say what the node does, so the
 * trigger's description is the node's. The trigger's own description is shown nowhere else in the editor.
 */
export const COMETCHAT_DESCRIPTION = 'Manage CometChat users, auth tokens, messages, blocks and bans with the REST API v3';
