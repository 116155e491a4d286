import { describeResource } from '../../../shared/operations';
import { getCertificates } from './getCertificates';
import { uploadCertificate } from './uploadCertificate';
import { deleteSettings } from './deleteSettings';
import { disable } from './disable';
import { enable } from './enable';
import { getAll } from './getAll';
import { getSettings } from './getSettings';
import { storeSettings } from './storeSettings';
import { updateSettings } from './updateSettings';

/**
 * The spec's 110 extension operations in nine: the catalogue and the switch (Get Many, Enable,
 * Disable), the settings of any of 27 extensions (Get, Store, Update, Delete Settings, the extension
 * chosen from a list, its fields from catalogue.ts), and the push certificates.
 */
export const extensionDescription = describeResource(
	'extension',
	[deleteSettings, disable, enable, getAll, getCertificates, getSettings, storeSettings, updateSettings, uploadCertificate],
	'getAll',
);
