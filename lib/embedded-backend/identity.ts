/** Who a request is for, after authentication (bearer token or HTTP Basic). */
export interface RequestIdentity {
  personId: string;
  user: {
    id: string;
    name: string;
    email?: string;
    avatar?: string;
    type?: string;
    external_id?: string;
    properties?: Record<string, unknown>;
  };
  /** Role names assigned directly (casbin `g` rows whose target is not a team). */
  roles: string[];
  /** Ids of the teams the person belongs to (they act as roles in the real backend). */
  teams: string[];
  method: 'bearer' | 'basic';
}
