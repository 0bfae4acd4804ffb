// swift-tools-version: 6.0
// A team's own package for its own backend, PocketBase, written from
// Gatehouse's documentation alone: an auth adapter of PocketBase's dialect
// on Gatehouse's shipping transport (BoundedHTTP), a stand-in of its
// PocketBase on Gatehouse's kit (StandInKit), and the whole auth contract
// on both (PortContracts). It depends on Gatehouse by path here; a team's
// package names Gatehouse's repository and a version.
import Foundation
import PackageDescription

/// Gatehouse's checkout: two folders up. SwiftPM names a package that is a
/// path by the folder's name, which is whatever the checkout was cloned as.
let gatehouse = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let gatehousePackage = gatehouse.lastPathComponent

let package = Package(
    name: "PocketBaseTeam",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "PocketBaseAuth", targets: ["PocketBaseAuth"]),
        .library(name: "PocketBasePlugins", targets: ["PocketBasePlugins"]),
        .executable(name: "pocketbase-app", targets: ["pocketbase-app"]),
    ],
    dependencies: [.package(path: gatehouse.path)],
    targets: [
        // The adapter: what it implements (Ports) and what it sends through
        // (BoundedHTTP), both shipping products.
        .target(
            name: "PocketBaseAuth",
            dependencies: [
                .product(name: "Ports", package: gatehousePackage),
                .product(name: "BoundedHTTP", package: gatehousePackage),
            ]),
        // The adapter as a plugin an environment file names (Composition,
        // shipping): what the team's app adds to Gatehouse's registry.
        .target(
            name: "PocketBasePlugins",
            dependencies: [
                "PocketBaseAuth",
                .product(name: "Ports", package: gatehousePackage),
                .product(name: "BoundedHTTP", package: gatehousePackage),
                .product(name: "Composition", package: gatehousePackage),
            ]),
        // Its stand-in: the dialect written on the kit (a testing product),
        // and how the team's app starts it (CompositionTesting's StandInPlugin).
        .target(
            name: "PocketBaseStandIn",
            dependencies: [
                "PocketBasePlugins",
                .product(name: "Ports", package: gatehousePackage),
                .product(name: "SimulatedBackend", package: gatehousePackage),
                .product(name: "StandInKit", package: gatehousePackage),
                .product(name: "CompositionTesting", package: gatehousePackage),
            ]),
        // The team's headless app: Gatehouse's, with its plugin and stand-in
        // (GatehouseApp, a testing product: the app a team tries and tests with).
        .executableTarget(
            name: "pocketbase-app",
            dependencies: [
                "PocketBasePlugins", "PocketBaseStandIn",
                .product(name: "Composition", package: gatehousePackage),
                .product(name: "CompositionTesting", package: gatehousePackage),
                .product(name: "GatehouseApp", package: gatehousePackage),
            ]),
        .testTarget(
            name: "PocketBaseAuthTests",
            dependencies: [
                "PocketBaseAuth", "PocketBaseStandIn",
                .product(name: "Ports", package: gatehousePackage),
                .product(name: "BoundedHTTP", package: gatehousePackage),
                .product(name: "PortContracts", package: gatehousePackage),
                .product(name: "SimulatedBackend", package: gatehousePackage),
                .product(name: "StandInKit", package: gatehousePackage),
                .product(name: "VirtualTime", package: gatehousePackage),
            ]),
    ]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
