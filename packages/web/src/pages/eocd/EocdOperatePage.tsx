import { EocdOperatePage } from './EocdPublicPages';

export default EocdOperatePage;
