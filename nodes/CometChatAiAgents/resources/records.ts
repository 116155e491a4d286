import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, PostReceiveAction } from 'n8n-workflow';
import { aiRecordLocator, optionsCollection, pathId, updateFieldsCollection } from '../../shared/fields';
import { defineOperation, type Operation } from '../../shared/operations';
import { deletedAnswer, unwrapData } from '../../shared/output';
import { compareNames } from '../../shared/sort';
import { AGENT_BUILDER, aiReturnAllOrLimit, type BodyField, bodyOf, requiredProperties, theRecord, updateBodyOf } from './shared';

/**
 * The five operations of an Agent Builder record (API tools, MCP servers, frontend actions), which the
 * spec gives alike: POST and GET on the list path, GET, PATCH and DELETE on `/{slug or id}`. Records are
 * answered unwrapped, lists as `{data, meta}` with cursor paging, deletes as `{success, message}`.
 */
export interface RecordKind {
	resource: 'apiTool' | 'mcpServer' | 'frontendAction';
	/** Under /ai-agents/agent-builder. */
	path: string;
	/** "API tool", with its article: "an API tool". */
	noun: string;
	article: 'a' | 'an';
	/** The picker's label (API Tool). */
	label: string;
	/** Steps after the answer is read (secrets out). */
	after?: PostReceiveAction[];
}

export function recordOperations(
	kind: RecordKind,
	texts: { create: string; get: string; getAll: string; update: string; delete: string },
	fields: {
		required: BodyField[];
		optional: BodyField[];
		update: BodyField[];
		/** Fields of Create beyond required and optional (shown only for some choice), with how they are read. */
		extra?: { properties: INodeProperties[]; read: (context: IExecuteSingleFunctions) => object };
	},
): Operation[] {
	const { resource, noun, article, label } = kind;
	const list = `${AGENT_BUILDER}/${kind.path}`;
	const one = `=${list}/${pathId(resource)}`;
	const after = kind.after ?? [];
	const locator = (description: string) => aiRecordLocator(resource, label, description);
	const sorted = (entries: BodyField[]) => entries.map(({ property }) => property).sort((a, b) => compareNames(a.displayName, b.displayName));
	const withNoun = (verb: string) => `${verb} ${article} ${noun}`;

	async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const body = { ...bodyOf(this, fields.required), ...fields.extra?.read(this), ...bodyOf(this, fields.optional, 'options') };
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	}
	async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		requestOptions.body = { ...(requestOptions.body as object), ...updateBodyOf(this, fields.update) };
		return requestOptions;
	}

	return [
		defineOperation(
			resource,
			{
				name: 'Create',
				value: 'create',
				action: withNoun('Create'),
				description: texts.create,
				routing: {
					request: { method: 'POST', url: list },
					send: { preSend: [buildCreate] },
					output: { postReceive: [theRecord, ...after] },
				},
			},
			[...requiredProperties(fields.required), ...(fields.extra?.properties ?? []), optionsCollection(sorted(fields.optional))],
		),
		defineOperation(
			resource,
			{
				name: 'Delete',
				value: 'delete',
				action: withNoun('Delete'),
				description: texts.delete,
				routing: { request: { method: 'DELETE', url: one }, output: { postReceive: [deletedAnswer] } },
			},
			[locator(`The ${noun} to delete`)],
		),
		defineOperation(
			resource,
			{
				name: 'Get',
				value: 'get',
				action: withNoun('Get'),
				description: texts.get,
				routing: { request: { method: 'GET', url: one }, output: { postReceive: [theRecord, ...after] } },
			},
			[locator(`The ${noun}`)],
		),
		defineOperation(
			resource,
			{
				name: 'Get Many',
				value: 'getAll',
				action: `Get many ${noun}s`,
				description: texts.getAll,
				routing: { request: { method: 'GET', url: list }, output: { postReceive: [unwrapData, ...after] } },
			},
			aiReturnAllOrLimit,
		),
		defineOperation(
			resource,
			{
				name: 'Update',
				value: 'update',
				action: withNoun('Update'),
				description: texts.update,
				routing: {
					request: { method: 'PATCH', url: one },
					send: { preSend: [buildUpdate] },
					output: { postReceive: [theRecord, ...after] },
				},
			},
			[locator(`The ${noun} to change`), updateFieldsCollection(sorted(fields.update))],
		),
	];
}
