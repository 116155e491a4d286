import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { preSendFactory } from '../../../shared/fold';
import { inputError, isObject, readJsonObject, readList, readText } from '../../../shared/validate';

/** The agent's fields beside its name, the same for Create (Options) and Update (Update Fields). */
export const AGENT_FIELDS: INodeProperties[] = [
	{ displayName: 'API Tools', name: 'apiTools', type: 'string', default: '', placeholder: 'e.g. get_weather, create_task', description: 'Slugs of API tools the agent may call (comma-separated)' },
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What the agent is for' },
	{ displayName: 'Icon', name: 'icon', type: 'string', default: '', placeholder: 'e.g. https://example.com/agent.png', description: 'URL of the agent\'s icon' },
	{ displayName: 'Instruction', name: 'instruction', type: 'string', typeOptions: { rows: 4 }, default: '', description: 'How the agent behaves: its system prompt' },
	{ displayName: 'Is Active', name: 'isActive', type: 'boolean', default: true, description: 'Whether the agent answers users' },
	{ displayName: 'Max Tokens', name: 'maxTokens', type: 'number', typeOptions: { minValue: 1 }, default: 4096, description: 'Most tokens the model writes in one answer' },
	{ displayName: 'MCP Servers', name: 'mcpServers', type: 'string', default: '', placeholder: 'e.g. filesystem, git', description: 'Slugs of MCP servers the agent may use (comma-separated)' },
	{ displayName: 'Metadata (JSON)', name: 'metaData', type: 'json', default: '{}', description: 'Your own data about the agent, as a JSON object' },
	{ displayName: 'Model', name: 'model', type: 'string', default: '', placeholder: 'e.g. gpt-4o-mini', description: 'The model the agent runs on (Agent → Get Models lists them); CometChat\'s default model when unset' },
	{ displayName: 'Temperature', name: 'temperature', type: 'number', typeOptions: { minValue: 0, numberPrecision: 2 }, default: 0.7, description: 'How varied the answers are: lower is more focused' },
	{ displayName: 'Tools', name: 'tools', type: 'string', default: '', placeholder: 'e.g. gmail, slack', description: 'Slugs of ready-to-use tools the agent may use (comma-separated)' },
];

const TEXTS = ['name', 'description', 'icon', 'instruction', 'model'];
const LISTS = ['apiTools', 'mcpServers', 'tools'];

/**
 * preSend: the agent's fields of the collection `collection` as CreateCometChatAgentDto / UpdateCometChatAgentDto,
 * with Name when `withName`; Temperature and Max Tokens go into modelMetaData. Update needs at least one field.
 */
export const sendAgent = preSendFactory(function sendAgent(collection: string, withName: boolean) {
	return async function buildAgent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body: IDataObject = {};
		if (withName) body.name = readText(this, 'name', 'Name', { required: true });
		const given = this.getNodeParameter(collection, {}) as IDataObject;
		if (!isObject(given)) throw inputError(this, collection === 'options' ? 'Options' : 'Update Fields', 'must be a collection of fields');
		const names: Record<string, string> = { name: 'Name', ...Object.fromEntries(AGENT_FIELDS.map((field) => [field.name, field.displayName])) };
		for (const key of Object.keys(given)) {
			const path = `${collection}.${key}`;
			if (TEXTS.includes(key)) body[key] = readText(this, path, names[key], { required: true });
			else if (LISTS.includes(key)) body[key] = readList(this, path, names[key]);
			else if (key === 'metaData') body.metaData = readJsonObject(this, path, names[key]);
			else if (key === 'isActive') {
				if (typeof given.isActive !== 'boolean') throw inputError(this, 'Is Active', 'must be true or false');
				body.isActive = given.isActive;
			} else if (key === 'temperature' || key === 'maxTokens') {
				const value = given[key];
				if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (key === 'maxTokens' && !(Number.isInteger(value) && value >= 1))) {
					throw inputError(this, names[key], key === 'maxTokens' ? 'must be a whole number of at least 1' : 'must be a number of at least 0');
				}
				body.modelMetaData = { ...(body.modelMetaData as IDataObject), [key]: value };
			}
		}
		if (!withName && Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	};
});
