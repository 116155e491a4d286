import {
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	type INodePropertyOptions,
	type PreSendAction,
} from 'n8n-workflow';
import { preSendFactory } from './fold';
import { describeValue, inputError, readChoice, readChoices } from './validate';
import { compareNames } from './sort';

/** One operation of a resource: its entry in the Operation dropdown and the fields it shows. */
export interface Operation {
	option: INodePropertyOptions;
	fields: INodeProperties[];
}

/**
 * Stamps the operation's fields with "show only for this resource and operation", and adds input
 * checks: every field sent as it is gets a pre-send that checks its value's kind before any request
 * (see guarded below). The checks come from named factories (preSendFactory), so alike fields of
 * several operations keep one function and still fold.
 */
export function defineOperation(
	resource: string,
	option: INodePropertyOptions,
	fields: INodeProperties[] = [],
): Operation {
	return {
		option,
		// A spread, not n8n's updateDisplayOptions: its deep merge per field was a fifth of the load time.
		fields: fields.map((field) => {
			const { displayOptions } = field;
			const show = { ...displayOptions?.show, resource: [resource], operation: [option.value] };
			return guarded(field, field.name, { ...displayOptions, show });
		}),
	};
}

/**
 * Values from expressions skip n8n's own checks, so every field that is sent as it is gets a check of
 * its kind before any request: a choice must be one of its options, a text must be text, a switch
 * true or false. Collections are checked entry by entry. Fields with their own reading (pickers, JSON,
 * lists) already check in their preSend.
 */
function guarded(field: INodeProperties, path: string, displayOptions = field.displayOptions): INodeProperties {
	// One copy of the field, with `displayOptions` (defineOperation's) as the last key, as it always was.
	const shown = displayOptions && { displayOptions };
	if (field.type === 'collection') {
		return { ...field, options: (field.options as INodeProperties[]).map((entry) => guarded(entry, `${path}.${entry.name}`)), ...shown };
	}
	const check = checkFor(field, path);
	if (!check) return displayOptions === field.displayOptions ? field : { ...field, ...shown };
	const send = field.routing?.send ?? {};
	return { ...field, routing: { ...field.routing, send: { ...send, preSend: [check, ...(send.preSend ?? [])] } }, ...shown };
}

function checkFor(field: INodeProperties, path: string): PreSendAction | undefined {
	// Sent as it is: no value transform and no pre-send of its own (csvQuery's reads lists itself).
	const send = field.routing?.send;
	const sentAsIs = send?.property !== undefined && send.value === undefined && !send.preSend?.length;
	const options = field.options as INodePropertyOptions[] | undefined;
	const values = options?.map((option) => String(option.value));
	if (field.type === 'options' && values) return checkChoice(path, field.displayName, values);
	if (field.type === 'multiOptions' && values) return checkChoices(path, field.displayName, values);
	if (field.type === 'string' && sentAsIs) return checkText(path, field.displayName);
	if (field.type === 'boolean' && sentAsIs) return checkSwitch(path, field.displayName);
	return undefined;
}

// The checks defineOperation adds, one function per field path and name (so that alike fields fold).
const checkChoice = preSendFactory(function checkChoice(path: string, field: string, values: readonly string[]) {
	return async function checkValue(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		readChoice(this, path, field, [...values]);
		return requestOptions;
	};
});
const checkChoices = preSendFactory(function checkChoices(path: string, field: string, values: readonly string[]) {
	return async function checkValue(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		readChoices(this, path, field, [...values]);
		return requestOptions;
	};
});
const checkText = preSendFactory(function checkText(path: string, field: string) {
	return async function checkValue(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = this.getNodeParameter(path, '') as unknown;
		if (typeof value !== 'string' && typeof value !== 'number') throw inputError(this, field, `must be text, not ${describeValue(value)}`);
		return requestOptions;
	};
});
const checkSwitch = preSendFactory(function checkSwitch(path: string, field: string) {
	return async function checkValue(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = this.getNodeParameter(path, false) as unknown;
		if (typeof value !== 'boolean') throw inputError(this, field, `must be true or false, not ${describeValue(value)}`);
		return requestOptions;
	};
});

/** The Operation dropdown of a resource (options sorted by name, as n8n's UX asks) and all its fields. */
export function describeResource(
	resource: string,
	operations: Operation[],
	defaultOperation: string,
): INodeProperties[] {
	const options = operations
		.map((operation) => operation.option)
		.sort((a, b) => compareNames(a.name, b.name));
	return [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options,
			default: defaultOperation,
		},
		...operations.flatMap((operation) => operation.fields),
	];
}
