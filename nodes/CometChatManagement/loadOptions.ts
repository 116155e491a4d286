import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { managementError, managementRequest } from '../shared/management/transport';
import { compareNames } from '../shared/sort';

/**
 * The extensions of the app chosen in the same node (GET /apps/{appId}/extensions, one call of up to
 * 1000, the spec's maximum), for Enable and Disable; their description says whether each is active.
 */
export async function getExtensions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const appId = String(this.getCurrentNodeParameter('appId', { extractValue: true }) ?? '').trim();
	if (!appId) return [];
	const { response, secrets } = await managementRequest(this, { method: 'GET', path: `/apps/${encodeURIComponent(appId)}/extensions`, qs: { perPage: 1000 } });
	if (response.statusCode >= 400) throw managementError(this.getNode(), response, secrets);
	const data = (response.body as IDataObject | undefined)?.data;
	return ((Array.isArray(data) ? data : []) as IDataObject[])
		.map((extension) => ({
			name: String(extension.name ?? extension.id),
			value: String(extension.id),
			description: `${extension.isActive ? 'Active' : 'Inactive'}${extension.tagLine ? `: ${String(extension.tagLine)}` : ''}`,
		}))
		.sort((a, b) => compareNames(a.name, b.name));
}
