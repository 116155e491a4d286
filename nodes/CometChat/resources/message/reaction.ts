import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { inputError, readText } from '../../../shared/validate';

// A reaction is an emoji or a short text: at most 45 characters [send-message page], sent URL-encoded as a
// path segment [SPEC: /messages/{id}/reactions/{reaction}].
const REACTION_MAX = 45;

/** The expression of a reaction path segment (`path` e.g. '["reaction"]'), trimmed and encoded as readReaction reads it. */
export const encodedReaction = (path: string) => `encodeURIComponent(String($parameter${path}).trim())`;

/** A reaction parameter: text, not empty, at most 45 characters. */
export function readReaction(context: IExecuteSingleFunctions, parameter: string): string {
	const reaction = readText(context, parameter, 'Reaction', { required: true, max: REACTION_MAX });
	// "." and ".." would be read as path steps ("/reactions/.." is the message itself), not as a reaction.
	if (reaction === '.' || reaction === '..') throw inputError(context, 'Reaction', `"${reaction}" is not a reaction; use an emoji or a word`);
	// Encoded as %2F it still reads as a path separator to servers that decode before routing.
	if (/[/\\]/.test(reaction)) throw inputError(context, 'Reaction', `"${reaction}" has a slash, which a reaction in CometChat's URL path cannot have`);
	return reaction;
}

/** The Reaction field of Add and Remove Reaction, checked before any request. */
export const reactionField: INodeProperties = {
	displayName: 'Reaction',
	name: 'reaction',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 👍',
	description: 'The reaction: an emoji or a short text (at most 45 characters)',
	routing: {
		send: {
			preSend: [
				async function checkReaction(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readReaction(this, 'reaction');
					return requestOptions;
				},
			],
		},
	},
};
