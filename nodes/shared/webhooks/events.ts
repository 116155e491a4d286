import type { INodePropertyOptions } from 'n8n-workflow';
import { compareNames } from '../sort';

/** The "All Events" choice of the Events field. */
export const ALL_EVENTS = '*';

export interface TriggerEvent {
	/** CometChat's trigger ID, as sent in the `trigger` field of every delivery. */
	id: string;
	name: string;
	description: string;
	/**
	 * Whether "All Events" registers it. The 46 IDs of the management API's trigger list
	 * (webhooks overview) do; the few that only CometChat's webhook guide lists are registered
	 * only when picked one by one, so "All Events" never asks CometChat for an ID it may refuse.
	 */
	inAll: boolean;
}

// Source: CometChat's webhooks overview (rest-api/management-apis/webhooks/overview), 46 trigger
// IDs; `user_mentioned` and call_busy/cancelled/rejected/unanswered come from the webhook guide
// (fundamentals/webhooks-overview). Legacy webhooks (before_message, after_message, …) are another
// mechanism and are left out. "[Beta]" follows CometChat's own marking.
const CATALOGUE: Array<[string, string, string, boolean?]> = [
	// Messages
	['message_sent', 'Message Sent', 'A message was sent'],
	['message_edited', 'Message Edited', 'A message was edited'],
	['message_deleted', 'Message Deleted', 'A message was deleted'],
	['message_reaction_added', 'Message Reaction Added', 'Someone reacted to a message'],
	['message_reaction_removed', 'Message Reaction Removed', 'A reaction was removed from a message'],
	['message_delivery_receipt', 'Message Delivery Receipt', '[Beta] A client confirmed that a message was delivered'],
	['message_read_receipt', 'Message Read Receipt', '[Beta] A client confirmed that a message was read'],
	['user_mentioned', 'User Mentioned', 'A user was mentioned in a message (webhook guide only)', false],
	// Users
	['user_blocked', 'User Blocked', 'A user blocked other users'],
	['user_unblocked', 'User Unblocked', 'A user unblocked other users'],
	['user_connection_status_changed', 'User Connection Status Changed', 'A user connected to or disconnected from CometChat'],
	// Groups and members
	['group_created', 'Group Created', 'A group was created'],
	['group_updated', 'Group Updated', 'A group was updated'],
	['group_deleted', 'Group Deleted', 'A group was deleted'],
	['group_member_joined', 'Group Member Joined', 'A user joined a group'],
	['group_member_left', 'Group Member Left', 'A user left a group'],
	['group_member_added', 'Group Member Added', 'Members were added to a group'],
	['group_member_kicked', 'Group Member Kicked', 'Members were kicked from a group'],
	['group_member_banned', 'Group Member Banned', 'Members were banned from a group'],
	['group_member_unbanned', 'Group Member Unbanned', 'Members were unbanned from a group'],
	['group_member_scope_changed', 'Group Member Scope Changed', 'The scope of a group member changed'],
	['group_owner_transferred', 'Group Owner Transferred', 'The owner of a group changed'],
	// Calls and meetings, recordings and transcriptions
	['call_initiated', 'Call Initiated', 'A call was initiated'],
	['call_started', 'Call Started', 'A call started'],
	['call_participant_joined', 'Call Participant Joined', 'A participant joined a call'],
	['call_participant_left', 'Call Participant Left', 'A participant left a call'],
	['call_ended', 'Call Ended', 'A call ended'],
	['call_busy', 'Call Busy', 'A 1-on-1 call could not connect because the recipient was on another call (webhook guide only)', false],
	['call_cancelled', 'Call Cancelled', 'A call was cancelled (webhook guide only)', false],
	['call_rejected', 'Call Rejected', 'A 1-on-1 call was rejected by the recipient (webhook guide only)', false],
	['call_unanswered', 'Call Unanswered', 'A call went unanswered (webhook guide only)', false],
	['meeting_started', 'Meeting Started', 'A meeting started'],
	['meeting_participant_joined', 'Meeting Participant Joined', 'A participant joined a meeting'],
	['meeting_participant_left', 'Meeting Participant Left', 'A participant left a meeting'],
	['meeting_ended', 'Meeting Ended', 'A meeting ended'],
	['recording_generated', 'Recording Generated', 'A call recording is ready'],
	['transcription_generated', 'Transcription Generated', 'A call transcript is ready'],
	// Campaigns and notifications
	['after_campaign_completed', 'Campaign Completed', 'A campaign finished sending to all targets'],
	['after_campaign_failed', 'Campaign Failed', 'A campaign failed to deliver to its targets'],
	['after_notification_created', 'Notification Created', 'A notification was created and began dispatching'],
	['after_feed_item_sent', 'Feed Item Sent', 'An in-app feed item was sent to a user'],
	['after_feed_item_delivered', 'Feed Item Delivered', "A feed item was delivered to the user's device"],
	['after_feed_item_read', 'Feed Item Read', 'A user read a feed item'],
	['after_feed_item_interacted', 'Feed Item Interacted', 'A user interacted with a feed item'],
	['after_push_notification_sent', 'Push Notification Sent', 'A push notification was sent'],
	['after_push_notification_delivered', 'Push Notification Delivered', "A push notification was delivered to the user's device"],
	['after_push_notification_clicked', 'Push Notification Clicked', 'A user clicked a push notification'],
	// Moderation
	['moderation_engine_approved', 'Moderation Engine Approved', 'The moderation engine approved a message'],
	['moderation_engine_blocked', 'Moderation Engine Blocked', 'The moderation engine blocked (flagged) a message'],
	['moderation_manual_approved', 'Moderation Manual Approved', 'A moderator approved a previously blocked message'],
	['moderation_engine_failed', 'Moderation Engine Failed', 'An AI moderation engine could not return a decision'],
];

export const EVENTS: readonly TriggerEvent[] = CATALOGUE.map(([id, name, description, inAll]) => ({
	id,
	name,
	description,
	inAll: inAll !== false,
}));

const KNOWN = new Set(EVENTS.map((event) => event.id));

export function isKnownEvent(id: string): boolean {
	return KNOWN.has(id);
}

/** The Events field's options: "All Events" first, then every trigger by name. */
export const EVENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Events', value: ALL_EVENTS, description: 'Every event CometChat sends to this webhook' },
	...[...EVENTS]
		.sort((a, b) => compareNames(a.name, b.name))
		.map((event) => ({ name: event.name, value: event.id, description: `${event.description} (${event.id})` })),
];

/** The trigger IDs to register for the chosen events. */
export function triggerIdsToRegister(selected: string[]): string[] {
	if (selected.includes(ALL_EVENTS)) return EVENTS.filter((event) => event.inAll).map((event) => event.id);
	return EVENTS.filter((event) => selected.includes(event.id)).map((event) => event.id);
}
