import type { IBinaryData, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { inputError, readText } from './validate';

// A file an operation takes from the input item's binary data (Campaigns' recipient CSV, the knowledge
// base's Upload File, Management's APNs certificate): one field, one reader.

/** The "Input Binary Field" parameter (`binaryPropertyName`, as n8n's own nodes name it). */
export const inputBinaryField = (hint: string, description: string, extra: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Input Binary Field',
	name: 'binaryPropertyName',
	type: 'string',
	required: true,
	default: 'data',
	placeholder: 'e.g. data',
	hint,
	description,
	...extra,
});

/** The file of the input item's binary field named by `parameter`: its bytes and n8n's binary record. */
export async function readInputFile(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	hint: string,
): Promise<{ data: Buffer; binary: IBinaryData; property: string }> {
	const property = readText(context, parameter, field, { required: true });
	const binaries = context.getInputData().binary ?? {};
	if (!Object.prototype.hasOwnProperty.call(binaries, property) || typeof binaries[property] !== 'object') {
		throw inputError(context, field, `the input item has no binary field "${property}"`, hint);
	}
	const data = await context.helpers.getBinaryDataBuffer(property);
	if (data.length === 0) throw inputError(context, field, `the file in "${property}" is empty`);
	return { data, binary: binaries[property], property };
}
