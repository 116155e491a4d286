import { PackageDirectoryLoader } from 'n8n-core';
import { ROOT } from './harness';

// The same loader n8n uses for an installed community package, run on the built package.
describe('package loading', () => {
	it('loads the node and the credential from package.json the way n8n does', async () => {
		const loader = new PackageDirectoryLoader(ROOT);
		await loader.loadAll();
		expect(loader.packageName).toBe('n8n-nodes-cometchat');
		expect(Object.keys(loader.nodeTypes)).toEqual(['cometChat']);
		expect(Object.keys(loader.credentialTypes)).toEqual(['cometChatApi']);

		const description = loader.nodeTypes.cometChat.type.description as unknown as Record<string, unknown>;
		expect(description.codex).toMatchObject({ categories: ['Communication'] });
		expect(description.iconUrl).toEqual({
			light: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.svg',
			dark: 'icons/n8n-nodes-cometchat/dist/icons/cometchat.dark.svg',
		});
		expect(description.usableAsTool).toBe(true);
		const names = (description.properties as Array<{ name: string }>).map((p) => p.name);
		expect(names[0]).toBe('resource');
		expect(names.at(-1)).toBe('requestOptions'); // added by n8n to every declarative node
	});
});
