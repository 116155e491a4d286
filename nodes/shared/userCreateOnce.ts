import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { CHAT_CREDENTIAL } from './chat/baseUrl';
import { answerOf, carries, cometChatTime, noteCreate, otherCreator, readAnswer } from './earlierTries';
import { throwOnApiError } from './errors/conversion';
import { withRetries, writeOnceInRun, type LostAnswerVerdict } from './retry';
import { sameId } from './validate';

/**
 * `operations.pagination` of User → Create. Made once per node run and item (writeOnceInRun): n8n's Retry
 * On Fail gets the answer an item's create already got (its auth token too), and a refusal
 * (ERR_UID_ALREADY_EXISTS) is sent again and stays CometChat's to answer. After a lost answer — in the
 * same try, or in a re-run after an unknown outcome — the node reads the user (GET /users/{uid}): absent,
 * it creates it again (a second create of one UID can only be refused, and if CometChat stored the
 * first one meanwhile, that refusal is checked the same way); there, it returns it only when
 * CometChat created it during this try by CometChat's own clock and it carries every field sent
 * (INFERRED: GET answers the same user object as the create); anything else, or an auth token asked
 * for (only the lost answer had it), fails the item with "outcome unknown".
 */
export async function createUserOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = { ...requestData.options, url: requestData.options.url ?? '' } as IHttpRequestOptions;
	const body = (options.body ?? {}) as IDataObject;
	const uid = String(body.uid);
	// CometChat lower-cases UIDs: two items with "Ann" and "ann" create one user.
	const what = `user\u0000${uid.toLowerCase()}`;
	noteCreate(this, what);

	const lookUpUser = async (since: number): Promise<LostAnswerVerdict<INodeExecutionData[]>> => {
		const url = `/users/${encodeURIComponent(uid)}`;
		let answer;
		try {
			answer = await readAnswer(this, CHAT_CREDENTIAL, throwOnApiError, { baseURL: options.baseURL, allowedDomains: options.allowedDomains, url, headers: { Accept: 'application/json' } });
		} catch (error) {
			if (/^ERR_UID_NOT_FOUND\b/.test((error as Error).message)) return { absent: true };
			return { unknown: `reading ${url} failed (${(error as Error).message})` };
		}
		const user = (answer.data ?? {}) as IDataObject;
		const tryStart = cometChatTime(answer, since);
		if (tryStart === undefined) return { unknown: `a user ${uid} exists, and CometChat's answer had no Date header to tell when this try began by its clock` };
		const createdAt = Number(user.createdAt);
		if (!(createdAt >= tryStart)) {
			return { unknown: `a user ${uid} exists, created before this try by CometChat's clock (created ${String(user.createdAt)}, the try began about ${Math.floor(tryStart)})` };
		}
		const { uid: sentUid, withAuthToken, ...sent } = body;
		if (!sameId(user.uid, sentUid) || !carries(user, sent)) return { unknown: `a user ${uid} was created during this try, but not with every field this item sent` };
		const other = otherCreator(this, what);
		if (other !== undefined) return { unknown: `item ${other} of this run creates user ${uid} too, so the one found may be its` };
		if (withAuthToken) return { unknown: 'the user was created by this try, but its auth token was only in the lost answer' };
		return { found: await answerOf(this, requestData, user) };
	};

	return await writeOnceInRun(
		this,
		options,
		async (since) => {
			let lost = false;
			return await withRetries(
				this,
				options,
				async () => {
					const outcome = await this.makeRoutingRequest(requestData).then(
						(items) => ({ items }),
						(error: Error) => ({ error }),
					);
					if ('items' in outcome) return outcome.items;
					// A lost create CometChat stored after the read found nothing: the UID is taken by this try's own user.
					if (lost && /^ERR_UID_ALREADY_EXISTS\b/.test(outcome.error.message)) {
						const verdict = await lookUpUser(since);
						if ('found' in verdict) return verdict.found;
					}
					throw outcome.error;
				},
				{
					afterLostAnswer: async () => {
						lost = true;
						return await lookUpUser(since);
					},
				},
			);
		},
		lookUpUser,
	);
}
