export {
  type Actor,
  type ActorResolver,
  type ActorResolverOptions,
  AuthenticationError,
  createActorResolver,
} from './actor';
export { createInitDataVerifier, type InitDataVerifier, type VerifiedInitData } from './init-data';
export { type LinkParams, type SignLinkOptions, signLink, type VerifiedLink, verifyLink } from './link';
export {
  createProofReader,
  createServiceTokenCheck,
  type Proof,
  type ProofOptions,
  type ProofResult,
} from './proof';
