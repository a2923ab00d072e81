package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.AccessTokenResponse;
import com.nimbusds.oauth2.sdk.AuthorizationCodeGrant;
import com.nimbusds.oauth2.sdk.AuthorizationGrant;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.ParseException;
import com.nimbusds.oauth2.sdk.RefreshTokenGrant;
import com.nimbusds.oauth2.sdk.Scope;
import com.nimbusds.oauth2.sdk.TokenIntrospectionRequest;
import com.nimbusds.oauth2.sdk.TokenIntrospectionSuccessResponse;
import com.nimbusds.oauth2.sdk.TokenRequest;
import com.nimbusds.oauth2.sdk.TokenRevocationRequest;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.id.ClientID;
import com.nimbusds.oauth2.sdk.id.Subject;
import com.nimbusds.oauth2.sdk.token.AccessTokenType;
import com.nimbusds.oauth2.sdk.token.BearerAccessToken;
import com.nimbusds.oauth2.sdk.token.RefreshToken;
import com.nimbusds.oauth2.sdk.token.Tokens;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.function.Function;

/**
 * {@code POST /oauth/token}, {@code /oauth/revoke} (RFC 7009) and {@code /oauth/introspect} (RFC 7662): form-encoded
 * requests parsed and answered by Nimbus, the decisions made by {@link OAuthTokens}. Open to anyone at the HTTP level
 * ({@code @PermitAll}); the client authenticates inside the protocol.
 */
@Path("/oauth")
@PermitAll
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.WILDCARD)
public class TokenEndpoints {

    private final ClientAuthenticator clients;
    private final OAuthTokens tokens;
    private final OAuthIssuer issuer;

    public TokenEndpoints(ClientAuthenticator clients, OAuthTokens tokens, OAuthIssuer issuer) {
        this.clients = clients;
        this.tokens = tokens;
        this.issuer = issuer;
    }

    @POST
    @Path("/token")
    public Uni<Response> token(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        return parsed(uri, headers, body, TokenRequest::parse, this::token);
    }

    private Uni<Response> token(TokenRequest request) {
        AuthorizationGrant grant = request.getAuthorizationGrant();
        if (!(grant instanceof AuthorizationCodeGrant) && !(grant instanceof RefreshTokenGrant)) {
            return Uni.createFrom().item(ProtocolMessages.error(OAuth2Error.UNSUPPORTED_GRANT_TYPE
                    .setDescription("grant_type must be authorization_code or refresh_token")));
        }
        return clients.authenticate(request.getClientAuthentication(), request.getClientID())
                .chain(client -> grant instanceof AuthorizationCodeGrant code
                        ? tokens.exchangeCode(client, code.getAuthorizationCode().getValue(),
                                code.getRedirectionURI() == null ? null : code.getRedirectionURI().toString(),
                                code.getCodeVerifier())
                        : tokens.refresh(client, ((RefreshTokenGrant) grant).getRefreshToken().getValue(),
                                request.getScope() == null ? null : new LinkedHashSet<>(request.getScope().toStringList())))
                .map(issued -> ProtocolMessages.response(new AccessTokenResponse(new Tokens(
                        new BearerAccessToken(issued.accessToken(), issued.expiresInSeconds(),
                                new Scope(issued.scopes().toArray(String[]::new))),
                        new RefreshToken(issued.refreshToken()))).toHTTPResponse()));
    }

    @POST
    @Path("/revoke")
    public Uni<Response> revoke(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        return parsed(uri, headers, body, TokenRevocationRequest::parse, this::revoke);
    }

    private Uni<Response> revoke(TokenRevocationRequest request) {
        return clients.authenticate(request.getClientAuthentication(), request.getClientID())
                .chain(client -> tokens.revoke(client, request.getToken().getValue()))
                .map(ignored -> ProtocolMessages.response(new HTTPResponse(HTTPResponse.SC_OK)));
    }

    /** For confidential clients, about their own tokens; anything else is {@code active: false}. */
    @POST
    @Path("/introspect")
    public Uni<Response> introspect(@Context UriInfo uri, @Context HttpHeaders headers, String body) {
        return parsed(uri, headers, body, TokenIntrospectionRequest::parse, request -> introspect(uri, request));
    }

    private Uni<Response> introspect(UriInfo uri, TokenIntrospectionRequest request) {
        if (request.getClientAuthentication() == null) {
            return Uni.createFrom().item(ProtocolMessages.error(OAuth2Error.INVALID_CLIENT
                    .setDescription("introspection is for confidential clients, authenticated with their secret")));
        }
        return clients.authenticate(request.getClientAuthentication(), null)
                .chain(client -> tokens.introspect(client, request.getToken().getValue()))
                .map(found -> ProtocolMessages.response(found
                        .map(token -> new TokenIntrospectionSuccessResponse.Builder(true)
                                .scope(new Scope(token.scopes().toArray(String[]::new)))
                                .clientID(new ClientID(token.clientId()))
                                .tokenType(token.kind().equals("access") ? AccessTokenType.BEARER : null)
                                .subject(new Subject(token.grantId()))
                                .issuer(issuer.of(uri))
                                .issueTime(Date.from(token.issuedAt()))
                                .expirationTime(Date.from(token.expiresAt()))
                                .parameter("token_kind", token.kind().equals("access") ? "access_token" : "refresh_token")
                                .parameter("tenant_id", token.tenantId())
                                .build())
                        .orElseGet(() -> new TokenIntrospectionSuccessResponse.Builder(false).build())
                        .toHTTPResponse()));
    }

    private interface Parser<T> {
        T parse(HTTPRequest request) throws ParseException;
    }

    /** Nimbus parses the request; a malformed one is answered with its RFC 6749 error. */
    private static <T> Uni<Response> parsed(UriInfo uri, HttpHeaders headers, String body, Parser<T> parser,
            Function<T, Uni<Response>> then) {
        T request;
        try {
            request = parser.parse(ProtocolMessages.request(uri, headers, body));
        } catch (ParseException e) {
            return Uni.createFrom().item(ProtocolMessages.error(e.getErrorObject()));
        }
        return then.apply(request).onFailure(OAuthFailure.class).recoverWithItem(ProtocolMessages::failure);
    }
}
