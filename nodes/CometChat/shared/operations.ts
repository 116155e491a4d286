import { updateDisplayOptions, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';

/** One operation of a resource: its entry in the Operation dropdown and the fields it shows. */
export interface Operation {
	option: INodePropertyOptions;
	fields: INodeProperties[];
}

/** Stamps the operation's fields with "show only for this resource and operation". */
export function defineOperation(
	resource: string,
	option: INodePropertyOptions,
	fields: INodeProperties[] = [],
): Operation {
	return {
		option,
		fields: updateDisplayOptions({ show: { resource: [resource], operation: [option.value] } }, fields),
	};
}

/** The Operation dropdown of a resource (options sorted by name, as n8n's UX asks) and all its fields. */
export function describeResource(
	resource: string,
	operations: Operation[],
	defaultOperation: string,
): INodeProperties[] {
	const options = operations
		.map((operation) => operation.option)
		.sort((a, b) => a.name.localeCompare(b.name));
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
