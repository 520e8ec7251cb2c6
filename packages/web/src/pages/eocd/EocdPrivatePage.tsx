import { EocdPrivatePage } from './EocdPublicPages';

export default EocdPrivatePage;
