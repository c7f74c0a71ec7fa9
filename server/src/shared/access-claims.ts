/** Claims of an access token: the person and the session it belongs to (revocable). */
export interface AccessClaims {
  sub: string;
  sid: string;
}
