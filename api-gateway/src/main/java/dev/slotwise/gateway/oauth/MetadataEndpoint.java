package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.GrantType;
import com.nimbusds.oauth2.sdk.ResponseMode;
import com.nimbusds.oauth2.sdk.ResponseType;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.as.AuthorizationServerMetadata;
import com.nimbusds.oauth2.sdk.auth.ClientAuthenticationMethod;
import com.nimbusds.oauth2.sdk.pkce.CodeChallengeMethod;
import dev.slotwise.gateway.credential.Scopes;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;

/** RFC 8414 metadata: where the endpoints are and what they support (S256 only, the issuer parameter of RFC 9207). */
@Path("/.well-known/oauth-authorization-server")
@PermitAll
public class MetadataEndpoint {

    private final OAuthIssuer issuer;

    public MetadataEndpoint(OAuthIssuer issuer) {
        this.issuer = issuer;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response metadata(@Context UriInfo uri) {
        AuthorizationServerMetadata metadata = new AuthorizationServerMetadata(issuer.of(uri));
        metadata.setAuthorizationEndpointURI(issuer.endpoint(uri, "/oauth/authorize"));
        metadata.setTokenEndpointURI(issuer.endpoint(uri, "/oauth/token"));
        metadata.setRevocationEndpointURI(issuer.endpoint(uri, "/oauth/revoke"));
        metadata.setIntrospectionEndpointURI(issuer.endpoint(uri, "/oauth/introspect"));
        metadata.setServiceDocsURI(issuer.endpoint(uri, "/docs"));
        metadata.setScopes(new Scope(Scopes.ALL.toArray(String[]::new)));
        metadata.setResponseTypes(List.of(ResponseType.CODE));
        metadata.setResponseModes(List.of(ResponseMode.QUERY));
        metadata.setGrantTypes(List.of(GrantType.AUTHORIZATION_CODE, GrantType.REFRESH_TOKEN));
        metadata.setCodeChallengeMethods(List.of(CodeChallengeMethod.S256));
        metadata.setTokenEndpointAuthMethods(List.of(ClientAuthenticationMethod.CLIENT_SECRET_BASIC,
                ClientAuthenticationMethod.CLIENT_SECRET_POST, ClientAuthenticationMethod.NONE));
        metadata.setRevocationEndpointAuthMethods(List.of(ClientAuthenticationMethod.CLIENT_SECRET_BASIC,
                ClientAuthenticationMethod.CLIENT_SECRET_POST, ClientAuthenticationMethod.NONE));
        metadata.setIntrospectionEndpointAuthMethods(List.of(ClientAuthenticationMethod.CLIENT_SECRET_BASIC,
                ClientAuthenticationMethod.CLIENT_SECRET_POST));
        metadata.setSupportsAuthorizationResponseIssuerParam(true);
        return Response.ok(metadata.toJSONObject().toJSONString()).header("Cache-Control", "public, max-age=3600").build();
    }
}
