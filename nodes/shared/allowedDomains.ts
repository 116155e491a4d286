import { getCredentialAllowedDomains, NodeOperationError, type ICredentialDataDecryptedObject, type INode } from 'n8n-workflow';

/*
 * The credential's "Allowed HTTP Request Domains" (n8n adds the field to every credential with
 * `authenticate` since n8n 1.1xx; n8n 1.85 has none). n8n's RoutingNode works out the list with
 * n8n-workflow's getCredentialAllowedDomains and hands it to the request helper as `allowedDomains`,
 * which refuses any other host, also on a redirect ("Domain not allowed"). The nodes' own requests
 * (list searches, the trigger's registration, Send and Wait) are held to the same list.
 */

type Current = (options: { node: INode; credentialData: ICredentialDataDecryptedObject; credentialOwnedSurface?: boolean; nodeEndpointUrl?: string }) => string | undefined;
type Positional = (credentialData: ICredentialDataDecryptedObject, nodeEndpointUrl?: string) => string | undefined;

const NO_DOMAINS = 'No allowed domains specified. Configure allowed domains or change restriction setting.';

/**
 * The list a request with this credential is held to, or undefined for any host. `endpoint` is the
 * base address the description itself sets (none: ours is set by a pre-send, after RoutingNode asks),
 * as RoutingNode passes it: its host joins a Specific Domains list.
 */
export function credentialAllowedDomains(node: INode, credentialData: ICredentialDataDecryptedObject, endpoint?: string): string | undefined {
	const allowed = getCredentialAllowedDomains as unknown as (Current & Positional) | undefined;
	if (typeof allowed !== 'function') return undefined; // n8n before the field (1.85)
	// n8n-workflow 2.x takes one options object; 1.x takes (credentialData, nodeEndpointUrl), and there
	// RoutingNode itself refuses Specific Domains with an empty list. Told apart by what it answers.
	const probe = { allowedHttpRequestDomains: 'domains', allowedDomains: 'probe.invalid' };
	if ((allowed as Current)({ node, credentialData: probe }) === 'probe.invalid') {
		// 2.x: a surface whose address the node definition owns (RoutingNode's baseUrlIsNodeOwned, true
		// when the description sets none before the pre-sends): "None" blocks only user-chosen addresses.
		return (allowed as Current)({ node, credentialData, credentialOwnedSurface: true, nodeEndpointUrl: endpoint });
	}
	const list = (allowed as Positional)(credentialData, endpoint);
	if (credentialData.allowedHttpRequestDomains === 'domains' && !list) throw new NodeOperationError(node, NO_DOMAINS);
	return list;
}
